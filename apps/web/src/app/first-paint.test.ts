import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { canHydrate, prerenderedPaths, routerReady, type FirstPaint } from './first-paint';
import { createRoutes } from './router';

const signedOutOnSignIn: FirstPaint = {
  prerenderedPath: '/account/signin',
  pathname: '/account/signin',
  signedIn: false,
  historyState: { usr: null, key: 'default', idx: 0 },
};

describe('choosing between taking the pre-rendered page over and drawing anew', () => {
  it('hydrates the page rendered for this path when nobody is signed in', () => {
    expect(canHydrate(signedOutOnSignIn)).toBe(true);
    expect(canHydrate({ ...signedOutOnSignIn, historyState: null })).toBe(true);
    expect(canHydrate({ ...signedOutOnSignIn, pathname: '/account/signin/' })).toBe(true);
  });

  it('draws anew when the HTML is the app shell, not a page', () => {
    expect(canHydrate({ ...signedOutOnSignIn, prerenderedPath: null })).toBe(false);
  });

  it('draws anew for a signed-in person, whom the guard moves off sign-in', () => {
    expect(canHydrate({ ...signedOutOnSignIn, signedIn: true })).toBe(false);
  });

  it('draws anew when the page was rendered for another path', () => {
    expect(canHydrate({ ...signedOutOnSignIn, pathname: '/account/register' })).toBe(false);
    expect(canHydrate({ ...signedOutOnSignIn, pathname: '/Account/SignIn' })).toBe(false);
  });

  it('draws anew when the page carries state the build could not know, such as a flash message', () => {
    expect(
      canHydrate({ ...signedOutOnSignIn, historyState: { usr: { flash: 'Password changed' } } }),
    ).toBe(false);
  });
});

describe('the pre-rendered pages', () => {
  it.each(prerenderedPaths)('%s is a public page of the route table', async (pathname) => {
    const router = createMemoryRouter(createRoutes(), { initialEntries: [pathname] });
    await routerReady(router);
    expect(router.state.location.pathname).toBe(pathname);
    expect(router.state.matches.at(-1)?.route.handle).toMatchObject({ public: true });
    router.dispose();
  });
});
