import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppRoot } from './app-root';
import type { RouteHandle } from './route-handle';
import { PageLoading } from './routes/page-loading';
import { RouteError } from './routes/route-error';
import { routePatterns } from '../lib/paths';

// The three kinds of route (docs/decisions/0006-web-shell.md).
const signedIn = (title: string): RouteHandle => ({
  title,
  public: false,
  onlyWhenLoggedOut: false,
});
/** A signed-in screen of readings: urgent ones stand above everything on it. */
const readingsScreen = (title: string): RouteHandle => ({
  ...signedIn(title),
  urgentReadings: true,
});
const signedOut = (title: string): RouteHandle => ({
  title,
  public: true,
  onlyWhenLoggedOut: true,
});
const anyone = (title: string): RouteHandle => ({
  title,
  public: true,
  onlyWhenLoggedOut: false,
});

// Every screen and layout is its own chunk, so the sign-in page downloads neither the main layout
// nor the other features.
const dashboard = async () =>
  (await import('../features/dashboard/routes/dashboard.route')).DashboardRoute;

/**
 * The route table (docs/decisions/0006-web-shell.md); tests mount it in a memory router. A factory, because a
 * router writes into the `lazy` objects it has loaded, so two routers must not share one table.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      Component: AppRoot,
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteError,
      children: [
        {
          lazy: { Component: async () => (await import('./layouts/main-layout')).MainLayout },
          children: [
            { index: true, handle: readingsScreen('Dashboard'), lazy: { Component: dashboard } },
            {
              path: routePatterns.health,
              handle: readingsScreen('My Health - Vitals'),
              lazy: {
                Component: async () =>
                  (await import('../features/health/routes/vitals.route')).VitalsRoute,
              },
            },
            {
              path: routePatterns.morningCheck,
              handle: readingsScreen('Morning Check'),
              lazy: {
                Component: async () =>
                  (await import('../features/health/routes/morning-check.route')).MorningCheckRoute,
              },
            },
            {
              path: routePatterns.measure,
              handle: readingsScreen('My Health'),
              lazy: {
                Component: async () =>
                  (await import('../features/health/routes/health-measure.route'))
                    .HealthMeasureRoute,
              },
            },
            {
              path: routePatterns.sharing,
              handle: signedIn('Sharing'),
              lazy: {
                Component: async () =>
                  (await import('../features/sharing/routes/sharing.route')).SharingRoute,
              },
            },
            {
              path: routePatterns.education,
              handle: signedIn('Education'),
              lazy: {
                Component: async () =>
                  (await import('../features/education/routes/education.route')).EducationRoute,
              },
            },
            // ADMIN only: the screens themselves turn others away, and the server answers 403.
            {
              path: routePatterns.educationAdmin,
              handle: signedIn('Education Admin'),
              lazy: {
                Component: async () =>
                  (await import('../features/education/routes/education-admin.route'))
                    .EducationAdminRoute,
              },
            },
            {
              path: routePatterns.newArticle,
              handle: signedIn('New Article'),
              lazy: {
                Component: async () =>
                  (await import('../features/education/routes/article-editor.route'))
                    .ArticleEditorRoute,
              },
            },
            {
              path: routePatterns.editArticle,
              handle: signedIn('Edit Article'),
              lazy: {
                Component: async () =>
                  (await import('../features/education/routes/article-editor.route'))
                    .ArticleEditorRoute,
              },
            },
            {
              path: routePatterns.article,
              handle: signedIn('Education'),
              lazy: {
                Component: async () =>
                  (await import('../features/education/routes/article.route')).ArticleRoute,
              },
            },
            {
              path: routePatterns.store,
              handle: signedIn('Store'),
              lazy: {
                Component: async () =>
                  (await import('../features/store/routes/store.route')).StoreRoute,
              },
            },
            {
              path: routePatterns.cart,
              handle: signedIn('Cart'),
              lazy: {
                Component: async () =>
                  (await import('../features/store/routes/cart.route')).CartRoute,
              },
            },
            {
              path: routePatterns.orders,
              handle: signedIn('My Orders'),
              lazy: {
                Component: async () =>
                  (await import('../features/store/routes/orders.route')).OrdersRoute,
              },
            },
            {
              path: routePatterns.order,
              handle: signedIn('Order'),
              lazy: {
                Component: async () =>
                  (await import('../features/store/routes/order.route')).OrderRoute,
              },
            },
            // ADMIN only: the screen itself turns others away, and the server answers them 403.
            {
              path: routePatterns.storeAdmin,
              handle: signedIn('Store Admin'),
              lazy: {
                Component: async () =>
                  (await import('../features/store/routes/admin.route')).AdminRoute,
              },
              children: [
                {
                  index: true,
                  element: <Navigate replace to={routePatterns.storeAdminProducts} />,
                },
                {
                  path: routePatterns.storeAdminProducts,
                  handle: signedIn('Store Admin - Products'),
                  lazy: {
                    Component: async () =>
                      (await import('../features/store/routes/admin-products.route'))
                        .AdminProductsRoute,
                  },
                },
                {
                  path: routePatterns.storeAdminOrders,
                  handle: signedIn('Store Admin - Orders'),
                  lazy: {
                    Component: async () =>
                      (await import('../features/store/routes/admin-orders.route'))
                        .AdminOrdersRoute,
                  },
                },
              ],
            },
            // ADMIN only: the screen itself turns others away, and the server answers them 403.
            {
              path: routePatterns.mailAdmin,
              handle: signedIn('Outgoing Mail'),
              lazy: {
                Component: async () =>
                  (await import('../features/admin/routes/mail-admin.route')).MailAdminRoute,
              },
            },
            {
              path: routePatterns.account,
              handle: signedIn('Account'),
              lazy: {
                Component: async () =>
                  (await import('../features/identity/routes/account.route')).AccountRoute,
              },
            },
            {
              path: routePatterns.profile,
              handle: signedIn('Profile'),
              lazy: {
                Component: async () =>
                  (await import('../features/identity/routes/profile.route')).ProfileRoute,
              },
            },
            {
              path: routePatterns.security,
              handle: signedIn('Security'),
              lazy: {
                Component: async () =>
                  (await import('../features/identity/routes/security.route')).SecurityRoute,
              },
            },
            {
              path: routePatterns.changePassword,
              handle: signedIn('Change Password'),
              lazy: {
                Component: async () =>
                  (await import('../features/identity/routes/change-password.route'))
                    .ChangePasswordRoute,
              },
            },
            // Where a password change lands (the spec's route /app/dashboard); the same screen as '/'.
            {
              path: routePatterns.dashboardAlias,
              handle: readingsScreen('Dashboard'),
              lazy: { Component: dashboard },
            },
          ],
        },
        {
          lazy: { Component: async () => (await import('./layouts/split-layout')).SplitLayout },
          children: [
            {
              path: routePatterns.signIn,
              handle: signedOut('Sign In'),
              lazy: {
                Component: async () =>
                  (await import('../features/identity/routes/sign-in.route')).SignInRoute,
              },
            },
            {
              path: routePatterns.register,
              handle: signedOut('Register'),
              lazy: {
                Component: async () =>
                  (await import('../features/identity/routes/register.route')).RegisterRoute,
              },
            },
            {
              path: routePatterns.confirmRegistration,
              // Anyone: the mail's link may be opened where someone is signed in (decision 0051).
              handle: anyone('Create Your Account'),
              lazy: {
                Component: async () =>
                  (await import('../features/identity/routes/confirm-registration.route'))
                    .ConfirmRegistrationRoute,
              },
            },
            {
              path: routePatterns.resetPassword,
              handle: signedOut('Reset Password'),
              lazy: {
                Component: async () =>
                  (await import('../features/identity/routes/reset-password.route'))
                    .ResetPasswordRoute,
              },
            },
            {
              path: routePatterns.setNewPassword,
              handle: signedOut('Set a New Password'),
              lazy: {
                Component: async () =>
                  (await import('../features/identity/routes/set-new-password.route'))
                    .SetNewPasswordRoute,
              },
            },
            {
              path: routePatterns.twoFactor,
              handle: signedOut('Two-Factor Verification'),
              lazy: {
                Component: async () =>
                  (await import('../features/identity/routes/mfa-verify.route')).MfaVerifyRoute,
              },
            },
            {
              path: routePatterns.linkedInReturn,
              // Anyone: a signed-in person comes back here from connecting LinkedIn.
              handle: anyone('LinkedIn'),
              lazy: {
                Component: async () =>
                  (await import('../features/identity/routes/linkedin-callback.route'))
                    .LinkedinCallbackRoute,
              },
            },
            // The spec makes these two onlyWhenLoggedOut, but a signed-in person who opens the
            // link from the mail must be verified too (docs/decisions/0012).
            {
              path: routePatterns.verifyEmail,
              handle: anyone('Verify Email'),
              lazy: {
                Component: async () =>
                  (await import('../features/identity/routes/verify-email.route')).VerifyEmailRoute,
              },
            },
            {
              path: routePatterns.verifyEmailSuccess,
              handle: anyone('Email Verified'),
              lazy: {
                Component: async () =>
                  (await import('../features/identity/routes/email-verified.route'))
                    .EmailVerifiedRoute,
              },
            },
          ],
        },
        {
          lazy: { Component: async () => (await import('./layouts/simple-layout')).SimpleLayout },
          children: [
            {
              path: routePatterns.policy,
              handle: anyone('Privacy Policy'),
              lazy: {
                Component: async () =>
                  (await import('../features/legal/routes/privacy-policy.route'))
                    .PrivacyPolicyRoute,
              },
            },
            // Anyone: a reminder mail's link works without signing in (docs/decisions/0022).
            {
              path: routePatterns.stopReminder,
              handle: anyone('Stop Reminder Mail'),
              lazy: {
                Component: async () =>
                  (await import('../features/health/routes/stop-reminder.route')).StopReminderRoute,
              },
            },
            {
              path: routePatterns.notFound,
              handle: anyone('Page Not Found'),
              lazy: {
                Component: async () => (await import('./routes/not-found.route')).NotFoundRoute,
              },
            },
          ],
        },
        // A link for a visit, opened by a clinician without an account: nothing on it leads into
        // the app, and it prints as a record of the readings.
        {
          lazy: { Component: async () => (await import('./layouts/bare-layout')).BareLayout },
          children: [
            {
              path: routePatterns.sharedLink,
              handle: anyone('Shared Health Readings'),
              lazy: {
                Component: async () =>
                  (await import('../features/sharing/routes/shared-link.route')).SharedLinkRoute,
              },
            },
          ],
        },
        // Public, so a signed-out visitor with a mistyped address sees the 404 page, not sign-in.
        {
          path: '*',
          handle: anyone('Page Not Found'),
          element: <Navigate replace to={routePatterns.notFound} />,
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
