// The identity calls' paths and constants, apart from their schemas (identity.contract.ts, which
// re-exports them): the web app's sign-in page names these before it needs zod, which it loads
// only when the form is sent (docs/performance.md).

export const identityPaths = {
  login: '/api/v1/identity/login',
  register: '/api/v1/identity/register',
  registerConfirm: '/api/v1/identity/register/confirm',
  logout: '/api/v1/identity/logout',
  profile: '/api/v1/identity/profile',
  profilePicture: '/api/v1/identity/profile/picture',
  passwordChange: '/api/v1/identity/password/change',
  thirdPartyUsers: '/api/v1/identity/thirdparty/users/all',
  thirdPartyUserCount: '/api/v1/identity/thirdparty/users/count',
  oauthToken: '/o/token/',
  /**
   * Token revocation (RFC 7009), beside the token endpoint as django-oauth-toolkit names it. Its
   * clients call it with a trailing slash, which reaches it too: the server ignores one.
   */
  oauthRevoke: '/o/revoke_token',
  emailVerify: '/api/v1/identity/email/verify',
  emailVerifyResend: '/api/v1/identity/email/verify/resend',
  passwordInitiateReset: '/api/v1/identity/password/initiatereset',
  passwordReset: '/api/v1/identity/password/reset',
  tokenVerify: '/api/v1/identity/token/verify',
  totpSetup: '/api/v1/identity/mfa/totp/setup',
  totpEnable: '/api/v1/identity/mfa/totp/enable',
  totpDisable: '/api/v1/identity/mfa/totp/disable',
  socialProviders: '/api/v1/identity/social/providers',
  linkedinStart: '/api/v1/identity/social/linkedin/start',
  linkedinAccess: '/api/v1/identity/social/linkedin/access/:code',
  socialLogin: '/api/v1/identity/login/social',
  /** The signed-in person's connected providers (GET). */
  socialLinks: '/api/v1/identity/social/links',
  /** Start connecting LinkedIn to the signed-in account, with its password (POST). */
  linkedinConnect: '/api/v1/identity/social/linkedin/connect',
  /** Finish connecting LinkedIn (POST, after LinkedIn's redirect) or disconnect it (DELETE). */
  linkedinLink: '/api/v1/identity/social/linkedin/link',
  /** The signed-in person's live sessions (GET). */
  sessions: '/api/v1/identity/sessions',
  /** End one of them (DELETE). */
  sessionById: '/api/v1/identity/sessions/:id',
  /** End every session but the one calling (POST). */
  sessionsEndOthers: '/api/v1/identity/sessions/end-others',
  /**
   * Whether the session of a refresh token is still live (POST), asked by the web app before it
   * shows a returning person anything it kept on the device.
   */
  sessionStatus: '/api/v1/identity/session/status',
} as const;

/** Where one session is ended. */
export function sessionPath(id: string): string {
  return identityPaths.sessionById.replace(':id', encodeURIComponent(id));
}

/** Pages the mail links open (the web app's routes). */
export const mailLinkPaths = {
  verifyEmail: '/verify/email',
  /** Where the registration mail's link leads; the page calls registerConfirm. */
  confirmRegistration: '/account/register/confirm',
  resetPassword: '/account/reset/',
  /** Where LinkedIn sends the browser back; the page calls linkedinAccess. */
  linkedinCallback: '/account/social/linkedin',
} as const;

/** The login answer's token when a second step is needed. */
export const twoFactorMarker = '2FA';

/** Where uploaded profile pictures are served from; the file name is made by the server. */
export const profilePicturePrefix = '/uploads/avatars/';

/** What a profile picture upload may be: the web checks it before sending, the server enforces it. */
export const profilePictureLimits = {
  types: ['image/jpeg', 'image/png', 'image/webp'],
  bytes: 2 * 1024 * 1024,
} as const;

export const roles = ['USER', 'DOC', 'ADMIN'] as const;
export type Role = (typeof roles)[number];

/** The social sign-ins a server may offer. */
export const socialProviderIds = ['linkedin'] as const;
export type SocialProviderId = (typeof socialProviderIds)[number];

/** The client id the web app presents at the token endpoint; it is a public client. */
export const webClientId = 'vitalia-web';

export const passwordLimits = { min: 8, max: 128 } as const;

/**
 * Deleting an account (docs/decisions/0032-account-deletion.md): asked for by its owner, it
 * waits out a grace period (7 days) in which signing in offers to restore it, then is purged.
 */
export const accountDeletionPaths = {
  /** Ask for the signed-in account to be deleted (POST). */
  deletion: '/api/v1/account/deletion',
  /** Restore an account waiting to be deleted, with the credentials that sign in to it (POST). */
  restore: '/api/v1/account/restore',
  /** Who to write to about personal data (GET, public). */
  privacyContact: '/api/v1/privacy/contact',
} as const;

/**
 * The error code sign-in, registration and social sign-in answer (409) while an account waits to
 * be deleted: the credentials were right, and the account can be restored with them.
 */
export const deletionPendingCode = 'ACCOUNT_DELETION_PENDING';
