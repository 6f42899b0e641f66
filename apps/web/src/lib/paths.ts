// Every page's address, written once. The route table (app/router.tsx) matches the patterns below
// and every link, redirect and navigation builds its address here, so renaming a page is one edit
// and a link cannot point at a page that does not exist. Addresses are the spec's and are public:
// mail links and bookmarks lead to them.

/** The patterns the route table matches, with `:params`. */
export const routePatterns = {
  dashboard: '/',
  dashboardAlias: '/app/dashboard',
  health: '/healths',
  measure: '/healths/:id',
  /** Several measures typed together and saved in one step. */
  morningCheck: '/healths/morning-check',
  /** The person's shares with doctors, links for a visit and the access log. */
  sharing: '/sharing',
  /** What a link for a visit shows; its token follows in the fragment (packages/api/src/sharing.contract.ts). */
  sharedLink: '/shared',
  education: '/education',
  article: '/education/:slug',
  educationAdmin: '/education/admin',
  newArticle: '/education/admin/new',
  editArticle: '/education/admin/:id',
  store: '/store',
  cart: '/store/cart',
  orders: '/store/orders',
  order: '/store/orders/:id',
  storeAdmin: '/store/admin',
  storeAdminProducts: '/store/admin/products',
  storeAdminOrders: '/store/admin/orders',
  mailAdmin: '/admin/mail',
  account: '/account',
  profile: '/account/profile',
  security: '/account/security',
  changePassword: '/account/password/change',
  signIn: '/account/signin',
  register: '/account/register',
  /** Where the registration mail's link leads; its token follows in the fragment. */
  confirmRegistration: '/account/register/confirm',
  resetPassword: '/account/password/reset',
  setNewPassword: '/account/reset/:id',
  twoFactor: '/account/mfa/verify',
  linkedInReturn: '/account/social/linkedin',
  verifyEmail: '/verify/email',
  verifyEmailSuccess: '/verify/email/success',
  policy: '/policy',
  stopReminder: '/reminders/stop/:token',
  notFound: '/404',
} as const;

const segment = (value: string) => encodeURIComponent(value);

/** Addresses to link to: the fixed ones as they are, the others built from their parts. */
export const paths = {
  ...routePatterns,
  /** A measure's page, e.g. '/healths/blood-pressure'. */
  measure: (slug: string) => `/healths/${segment(slug)}`,
  /** A measure's page with its reading form open. */
  addReading: (slug: string) => `/healths/${segment(slug)}?add=1`,
  /** The blood pressure page with the guided three-reading check open. */
  guidedBloodPressure: '/healths/blood-pressure?guided=1',
  article: (slug: string) => `/education/${segment(slug)}`,
  /** The article list filtered by one tag. */
  articlesTagged: (tag: string) => `/education?${new URLSearchParams({ tag }).toString()}`,
  editArticle: (id: string) => `/education/admin/${segment(id)}`,
  /** The store with one product's details open. */
  product: (productID: string) =>
    `/store?${new URLSearchParams({ product: productID }).toString()}`,
  order: (orderID: string) => `/store/orders/${segment(orderID)}`,
  /** The profile form, open for editing. */
  editProfile: '/account/profile?edit=true',
  /** Change the password, then come back to `returnTo`. */
  changePasswordThen: (returnTo: string) =>
    `/account/password/change?${new URLSearchParams({ redirect: returnTo }).toString()}`,
} as const;
