import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sharedLinkPage } from '@vitalia/api/sharing.contract';
import { createRoutes } from '../app/router';
import { paths, routePatterns } from './paths';

/** The pattern of the deepest route with a path an address lands on ('index' for the home page). */
function landsOn(address: string): string | undefined {
  const pathname = new URL(address, 'http://vitalia.test').pathname;
  const routes = (matchRoutes(createRoutes(), pathname) ?? []).map((match) => match.route);
  const withPath = routes.filter((route) => route.path !== undefined).at(-1);
  return withPath?.path ?? (routes.at(-1)?.index ? 'index' : undefined);
}

describe('page addresses', () => {
  it('every pattern is a route of the table, none caught by the not-found route', () => {
    for (const [name, pattern] of Object.entries(routePatterns)) {
      const expected = name === 'dashboard' ? 'index' : pattern;
      expect(landsOn(pattern.replaceAll(/:\w+/g, 'x1')), name).toBe(expected);
    }
  });

  it('built addresses land on the page they name', () => {
    expect(paths.measure('blood-pressure')).toBe('/healths/blood-pressure');
    expect(landsOn(paths.addReading('oxygen'))).toBe(routePatterns.measure);
    expect(paths.addReading('oxygen')).toBe('/healths/oxygen?add=1');
    expect(paths.article('blood sugar')).toBe('/education/blood%20sugar');
    expect(landsOn(paths.article('smoking'))).toBe(routePatterns.article);
    expect(paths.articlesTagged('heart & lungs')).toBe('/education?tag=heart+%26+lungs');
    expect(landsOn(paths.editArticle('a1'))).toBe(routePatterns.editArticle);
    expect(paths.order('7f3c')).toBe('/store/orders/7f3c');
    expect(landsOn(paths.order('7f3c'))).toBe(routePatterns.order);
    expect(paths.product('p/1')).toBe('/store?product=p%2F1');
    expect(paths.changePasswordThen('/account/security')).toBe(
      '/account/password/change?redirect=%2Faccount%2Fsecurity',
    );
    expect(landsOn(paths.guidedBloodPressure)).toBe(routePatterns.measure);
    expect(landsOn(paths.editProfile)).toBe(routePatterns.profile);
  });

  it('the page a link for a visit opens is the one the server builds its addresses with', () => {
    expect(routePatterns.sharedLink).toBe(sharedLinkPage);
  });

  it('an address of no page falls to the not-found route', () => {
    expect(landsOn('/healths/oxygen/extra')).toBe('*');
  });
});
