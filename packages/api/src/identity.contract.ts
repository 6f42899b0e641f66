// The identity calls the spec's client makes. Paths and payload names are a public contract (the doctors'
// mobile app uses them), so they are written exactly as the spec writes them, capitals and all;
// answers are camelCase (the doctors' mobile app reads the same answers).
import { errorDetail } from './errors.schema.ts';
import { passwordLimits, roles, socialProviderIds } from './identity.paths.ts';
import { z } from './zod.ts';

// The paths and constants, without zod, so that the web app's first screen can name them without
// loading the schemas (docs/performance.md).
export * from './identity.paths.ts';

/** The sign-in name: an email address, compared without regard to case. */
export const username = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .pipe(z.email({ error: 'must be an email address, such as ada@example.com' }));

/**
 * A new password: 8 to 128 characters, counted as typed (no trimming: spaces are allowed). The
 * server also refuses common passwords, a check that needs its list and so is not part of this
 * shape.
 */
export const newPassword = z
  .string()
  .min(passwordLimits.min, `must be at least ${passwordLimits.min} characters long`)
  .max(passwordLimits.max, `must be at most ${passwordLimits.max} characters long`);

/** A password being presented: checked only for presence and a sane length. */
const presentedPassword = z.string().min(1).max(1024);

export const loginRequest = z
  .strictObject({ Username: username, password: presentedPassword })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequest>;

/** `token` is '2FA' when a second step is needed (then `refreshToken` is empty). */
export const loginResponse = z
  .object({ token: z.string(), refreshToken: z.string() })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * The address only: the password is chosen on the page the mailed link opens, so whoever asks for
 * an account with an address cannot choose its password (docs/decisions/0051). `Password`, which
 * the spec's client sends, is accepted and not used.
 */
export const registerRequest = z
  .strictObject({
    Username: username,
    Password: z
      .string()
      .max(1024)
      .optional()
      .describe('Not used: the password is chosen when the mailed link is opened.'),
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof registerRequest>;

/**
 * The same answer whether or not the address already has an account: the mailbox learns which
 * (docs/decisions/0051-registration-confirmed-by-mail.md).
 */
export const registerResponse = z
  .object({
    username: z.string(),
    status: z.literal('confirmation-sent'),
    linkWorksUntil: z.iso.datetime(),
  })
  .meta({
    id: 'RegisterResponse',
    description:
      'A link to finish creating the account, where its password is chosen, was mailed to the address; the same answer when the address already has an account (its owner is mailed instead).',
  });
export type RegisterResponse = z.infer<typeof registerResponse>;

export const registerConfirmRequest = z
  .strictObject({ token: z.string().min(1).max(256), Password: newPassword })
  .meta({ id: 'RegisterConfirmRequest' });
export type RegisterConfirmRequest = z.infer<typeof registerConfirmRequest>;

export const registerConfirmResponse = z
  .object({ userID: z.string(), username: z.string(), token: z.string(), refreshToken: z.string() })
  .meta({ id: 'RegisterConfirmResponse', description: 'The new account, signed in.' });
export type RegisterConfirmResponse = z.infer<typeof registerConfirmResponse>;

export const logoutRequest = z
  .strictObject({ refreshToken: z.string().min(1).max(512) })
  .meta({ id: 'LogoutRequest' });

export const genders = ['Male', 'Female', 'Other'] as const;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date that exists, as YYYY-MM-DD. */
function isRealDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Today as YYYY-MM-DD in UTC; a date of birth may not be later. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

export const dateOfBirth = z
  .string()
  .refine(isRealDate, 'must be a date written YYYY-MM-DD')
  .refine((value) => value >= '1900-01-01', 'must be in 1900 or later')
  .refine((value) => value <= todayUtc(), 'must not be in the future');

/** Height in millimetres: 30 cm to 280 cm covers every person who has been measured. */
export const heightLimitsMm = { min: 300, max: 2800 } as const;

/**
 * The units a person reads the measures that have a choice in, one choice per account
 * (docs/decisions/0050-one-unit-choice-per-account.md): every screen and every mail uses it.
 * Readings are still stored and rated in the canonical unit (mg/dL, °C); the doctors' API and the
 * FHIR export keep those fixed units.
 */
export const bloodUnits = ['mg/dL', 'mmol/L'] as const;
export const temperatureUnits = ['°C', '°F'] as const;
export type BloodUnit = (typeof bloodUnits)[number];
export type TemperatureUnit = (typeof temperatureUnits)[number];
export const unitMeasures = ['sugar', 'cholesterol', 'temperature'] as const;
export type UnitMeasure = (typeof unitMeasures)[number];
export interface Units {
  sugar: BloodUnit;
  cholesterol: BloodUnit;
  temperature: TemperatureUnit;
}
/** What a profile answers for a unit never chosen: the units readings are stored in. */
export const defaultUnits: Readonly<Units> = {
  sugar: 'mg/dL',
  cholesterol: 'mg/dL',
  temperature: '°C',
};

/** The units to show: each one chosen (not null), else its default. */
export function unitsOrDefaults(chosen: {
  sugar: BloodUnit | null;
  cholesterol: BloodUnit | null;
  temperature: TemperatureUnit | null;
}): Units {
  return {
    sugar: chosen.sugar ?? defaultUnits.sugar,
    cholesterol: chosen.cholesterol ?? defaultUnits.cholesterol,
    temperature: chosen.temperature ?? defaultUnits.temperature,
  };
}

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * True for text that reads as a web or mail address: "https://...", "www.x", "x@y", "site.com/x".
 * Such a name would be shown to others (an invited doctor, a shared page) as if Vitalia said it.
 */
export function looksLikeAddress(text: string): boolean {
  return /:\/\/|\bwww\.|@|\b[a-z0-9-]+\.(?:com|net|org|info|io|co|ng|me|app|link|xyz|site|online|example)\b/i.test(
    text,
  );
}

/** A name: at most `max` characters, and not a web or mail address. */
const personName = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((text) => !looksLikeAddress(text), {
      error: 'must be a name, not a web or email address',
    })
    .nullable()
    .optional();

/**
 * Every field is optional: a field left out keeps its saved value, and null clears it, so a client
 * that knows only some fields never erases the others.
 */
export const profileUpdateRequest = z
  .strictObject({
    FirstName: personName(100),
    LastName: personName(100),
    PhoneNo: z
      .string()
      .trim()
      .max(32)
      .regex(
        /^\+?[0-9 ()-]{0,32}$/,
        'may hold only digits, spaces, brackets, dashes and a leading +',
      )
      .nullable()
      .optional(),
    EmailAddress: z
      .string()
      .trim()
      .max(254)
      .pipe(z.union([z.literal(''), z.email({ error: 'must be an email address' })]))
      .nullable()
      .optional(),
    Displayname: personName(100),
    Gender: z.enum(genders).nullable().optional(),
    DOB: dateOfBirth.nullable().optional(),
    HeightMM: z
      .number()
      .int()
      .min(heightLimitsMm.min, 'must be at least 300 mm (30 cm)')
      .max(heightLimitsMm.max, 'must be at most 2800 mm (280 cm)')
      .nullable()
      .optional(),
    Country: optionalText(100),
    Units: z
      .strictObject({
        Sugar: z.enum(bloodUnits).nullable().optional(),
        Cholesterol: z.enum(bloodUnits).nullable().optional(),
        Temperature: z.enum(temperatureUnits).nullable().optional(),
      })
      .optional()
      .describe(
        'The units this person reads blood sugar, cholesterol and temperature in, on every device and in every mail. A unit left out keeps its saved value; null goes back to the default (mg/dL, °C).',
      ),
  })
  .meta({ id: 'ProfileUpdateRequest' });
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequest>;

export const profileResponse = z
  .object({
    userID: z.string(),
    username: z.string(),
    role: z.enum(roles),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phoneNo: z.string().nullable(),
    emailAddress: z.string().nullable(),
    displayname: z.string().nullable(),
    gender: z.enum(genders).nullable(),
    dob: z.string().nullable(),
    heightMM: z.number().int().nullable(),
    country: z.string().nullable(),
    displayPicture: z.string().nullable(),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
    units: z
      .object({
        sugar: z.enum(bloodUnits),
        cholesterol: z.enum(bloodUnits),
        temperature: z.enum(temperatureUnits),
      })
      .describe('The units to show readings in; mg/dL and °C for a unit never chosen.'),
    unitsChosen: z
      .object({ sugar: z.boolean(), cholesterol: z.boolean(), temperature: z.boolean() })
      .describe('Which of `units` the person chose (false: the default is shown).'),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileResponse>;

export const passwordChangeRequest = z
  .strictObject({ oldPassword: presentedPassword, newPassword })
  .meta({ id: 'PasswordChangeRequest' });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

/** Password change and reset answer with capitals, as the spec says. */
export const tokenPairResponse = z
  .object({ Token: z.string(), RefreshToken: z.string() })
  .meta({ id: 'TokenPair' });

export const thirdPartyUser = z.object({
  userID: z.string(),
  username: z.string(),
  provider: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  createdAt: z.string(),
});
export const thirdPartyUsersResponse = z.array(thirdPartyUser).meta({ id: 'ThirdPartyUsers' });
export const thirdPartyUserCountResponse = z
  .object({ count: z.number().int() })
  .meta({ id: 'ThirdPartyUserCount' });

/**
 * The client's credentials in the body (client_secret_post, RFC 6749 section 2.3.1), for a client
 * that does not send them by HTTP Basic; never both.
 */
const clientFields = {
  client_id: z
    .string()
    .max(128)
    .optional()
    .describe(
      'The client id, when the client does not authenticate by HTTP Basic (client_secret_post); the web app may send vitalia-web alone.',
    ),
  client_secret: z
    .string()
    .max(512)
    .optional()
    .describe(
      'The client secret, with client_id; refused beside an Authorization header (RFC 6749 section 2.3).',
    ),
};

/**
 * RFC 6749: the refresh grant (section 6) for every client, and the password grant (section 4.3)
 * for confidential clients, as a form or as JSON. `grant_type` stays text so that another grant
 * answers unsupported_grant_type, as the RFC says, rather than a validation error.
 */
export const oauthTokenRequest = z
  .object({
    grant_type: z
      .string()
      .max(64)
      .optional()
      .describe(
        'refresh_token, or password (confidential clients only, such as the doctors’ app).',
      ),
    refresh_token: z
      .string()
      .max(512)
      .optional()
      .describe('With grant_type=refresh_token: the refresh token to use up.'),
    username: z
      .string()
      .max(254)
      .optional()
      .describe("With grant_type=password: the account's sign-in email."),
    password: z.string().max(1024).optional().describe('With grant_type=password.'),
    device_token: z
      .string()
      .max(256)
      .optional()
      .describe(
        'With grant_type=password: the device_token this app was given at its last sign-in to this account, if any. With a valid one, failures count for this device alone, so nobody else’s guesses slow its sign-in down.',
      ),
    ...clientFields,
  })
  .meta({ id: 'OAuthTokenRequest' });
export type OAuthTokenRequest = z.infer<typeof oauthTokenRequest>;

/** RFC 7009 section 2.1: the token to revoke, a hint of its kind, and the client's credentials. */
export const oauthRevokeRequest = z
  .object({
    token: z
      .string()
      .max(4096)
      .optional()
      .describe('A refresh token or an access token this client was given.'),
    token_type_hint: z
      .string()
      .max(64)
      .optional()
      .describe(
        'refresh_token or access_token: which kind to look for first. Any other value is ignored.',
      ),
    ...clientFields,
  })
  .meta({ id: 'OAuthRevokeRequest' });

export const oauthTokenResponse = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    device_token: z
      .string()
      .optional()
      .describe(
        'After the password grant: this device’s token for this account, to keep (per account) and send as device_token at the next sign-in. It stops working after a password change or reset, 180 days after its last use, or when five newer devices have signed in.',
      ),
  })
  .meta({ id: 'OAuthTokenResponse' });
export type OAuthTokenResponse = z.infer<typeof oauthTokenResponse>;

export const oauthErrorResponse = z
  .object({
    error: z.string(),
    error_description: z.string().optional(),
    errors: z.array(z.string()).optional(),
    details: z.array(errorDetail).optional(),
  })
  .meta({
    id: 'OAuthError',
    description: 'RFC 6749 section 5.2, with our errors and details lists beside it.',
  });

/** A token from a mail link: 43 URL-safe characters. */
const linkToken = z.string().trim().min(1).max(128);

export const emailVerifyRequest = z
  .strictObject({ token: linkToken })
  .meta({ id: 'EmailVerifyRequest' });
export const emailVerifyResponse = z
  .object({ verified: z.literal(true), username: z.string() })
  .meta({ id: 'EmailVerifyResponse' });

/** Answers that say only that the request was taken, whatever the account's state. */
export const acceptedResponse = z.object({ message: z.string() }).meta({ id: 'Accepted' });

export const initiateResetRequest = z
  .strictObject({ Username: username })
  .meta({ id: 'InitiateResetRequest' });

/** `NewPasword` is misspelt in the spec's client, and the contract keeps it. */
export const passwordResetRequest = z
  .strictObject({ Username: username, NewPasword: newPassword, Token: linkToken })
  .meta({ id: 'PasswordResetRequest' });

export const tokenVerifyRequest = z
  .strictObject({
    Username: username,
    Token: z.string().trim().min(1).max(64),
  })
  .meta({ id: 'TokenVerifyRequest' });

export const totpSetupRequest = z
  .strictObject({ password: presentedPassword })
  .meta({ id: 'TotpSetupRequest' });
export const totpSetupResponse = z
  .object({
    secret: z.string(),
    otpauthUrl: z.string(),
    /** An SVG image of the otpauth URL as a QR code, as a data: URL. */
    qrCode: z.string(),
  })
  .meta({ id: 'TotpSetupResponse' });

/** A six-digit code from the authenticator app. */
export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6 digits your authenticator app shows');

export const totpEnableRequest = z
  .strictObject({ code: totpCode })
  .meta({ id: 'TotpEnableRequest' });
export const totpEnableResponse = z
  .object({ recoveryCodes: z.array(z.string()).length(10) })
  .meta({ id: 'TotpEnableResponse' });

export const totpDisableRequest = z
  .strictObject({ password: presentedPassword, code: z.string().trim().min(1).max(64) })
  .meta({ id: 'TotpDisableRequest' });

export const socialProvidersResponse = z
  .object({ providers: z.array(z.enum(socialProviderIds)) })
  .meta({ id: 'SocialProviders', description: 'The social sign-ins this server offers.' });

/** A page of this site to return to after signing in. */
const localRedirect = z
  .string()
  .max(2048)
  .refine(
    (value) => value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\'),
    'must be a path on this site, such as /healths',
  );

export const linkedinStartQuery = z.object({ redirect: localRedirect.optional() });
export const linkedinAccessQuery = z.object({
  state: z.string().min(1).max(256),
  /** The provider's `iss` from the redirect (RFC 9207), when it sends one. */
  iss: z.string().max(512).optional(),
  redirect: localRedirect.optional(),
});
export const linkedinAccessResponse = z
  .object({ token: z.string(), refreshToken: z.string(), redirect: z.string() })
  .meta({ id: 'SocialSignInResponse' });

/** Starts connecting LinkedIn: the account's password, as any change to how it is opened asks. */
export const linkedinConnectRequest = z
  .strictObject({ password: presentedPassword })
  .meta({ id: 'LinkedinConnectRequest' });
export const linkedinConnectResponse = z
  .object({
    url: z.string().describe('Where to send the browser: LinkedIn, to sign in and agree.'),
  })
  .meta({ id: 'LinkedinConnectResponse' });

/** Finishes connecting LinkedIn: what LinkedIn's redirect brought back to the web page. */
export const linkedinLinkRequest = z
  .strictObject({
    code: z.string().min(1).max(2048),
    state: z.string().min(1).max(256),
    /** The provider's `iss` from the redirect (RFC 9207), when it sends one. */
    iss: z.string().max(512).optional(),
  })
  .meta({ id: 'LinkedinLinkRequest' });

export const socialLinksResponse = z
  .object({
    linked: z.array(z.enum(['linkedin'])).describe('The providers that sign in to this account.'),
    hasPassword: z
      .boolean()
      .describe(
        'False for an account made through a provider that has never set a password: it cannot disconnect its only way in.',
      ),
  })
  .meta({ id: 'SocialLinks' });

/** The mobile app signs in with an access token it obtained from the provider itself. */
export const socialLoginRequest = z
  .strictObject({
    AccessToken: z.string().min(1).max(4096),
    Social: z.enum(['linkedin', 'LinkedIn', 'LINKEDIN']),
    UserID: z.string().min(1).max(256),
    Email: z.string().max(254).optional(),
  })
  .meta({ id: 'SocialLoginRequest' });

export const sessionView = z
  .object({
    id: z.string(),
    current: z.boolean().describe('The session this call was made with.'),
    client: z
      .string()
      .nullable()
      .describe(
        "The app it was issued to: vitalia-web, or a confidential client such as the doctors' app (from its sign-in at the token endpoint, or its first refresh there); null for a session signed in by the login call and not yet refreshed.",
      ),
    device: z
      .string()
      .describe(
        "The browser and system, read from the User-Agent ('Chrome on Android'), or 'Unknown device'.",
      ),
    ip: z.string().nullable().describe('The address it was last used from.'),
    createdAt: z.string(),
    lastUsedAt: z
      .string()
      .describe('When it last signed in or refreshed its access token (every 15 minutes in use).'),
  })
  .meta({ id: 'SessionView' });
export type SessionView = z.infer<typeof sessionView>;

export const sessionsResponse = z
  .object({ sessions: z.array(sessionView) })
  .meta({ id: 'Sessions', description: 'Live sessions, the most recently used first.' });
export type SessionsResponse = z.infer<typeof sessionsResponse>;

export const sessionIdParams = z.strictObject({
  id: z.guid({ error: 'must be the id of one of your sessions' }),
});

export const endedSessionsResponse = z
  .object({ ended: z.number().int().min(0) })
  .meta({ id: 'EndedSessions' });

/**
 * What confirms a deletion: the password (and a two-factor code when it is on); an account that
 * signs in only through a provider has no password and types its email address instead.
 */
export const accountDeletionRequest = z
  .strictObject({
    password: presentedPassword.optional(),
    code: z.string().trim().min(1).max(64).optional(),
    email: z.string().trim().max(254).optional(),
  })
  .meta({ id: 'AccountDeletionRequest' });
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequest>;

export const accountDeletionResponse = z
  .object({
    deleteAfter: z.iso
      .datetime({ offset: true })
      .describe('When the account and its data will be deleted, unless it is restored before.'),
    message: z.string(),
  })
  .meta({ id: 'AccountDeletion' });
export type AccountDeletionResponse = z.infer<typeof accountDeletionResponse>;

/** The same credentials as signing in, and the two-factor code when it is on. */
export const accountRestoreRequest = z
  .strictObject({
    Username: username,
    password: presentedPassword,
    code: z.string().trim().min(1).max(64).optional(),
  })
  .meta({ id: 'AccountRestoreRequest' });
export type AccountRestoreRequest = z.infer<typeof accountRestoreRequest>;

export const privacyContactResponse = z
  .object({
    contact: z.string().describe('An email address for questions about personal data.'),
    deletionGraceSeconds: z
      .number()
      .int()
      .positive()
      .describe(
        'How long after a deletion request the account is purged (restorable until then); 604800, seven days, unless the operator configured otherwise.',
      ),
  })
  .meta({ id: 'PrivacyContact' });
export type PrivacyContactResponse = z.infer<typeof privacyContactResponse>;
