import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('the theme', () => {
  it('keeps messages above the page and its bars but under any dialog', () => {
    expect(theme.zIndex.snackbar).toBeLessThan(theme.zIndex.modal);
    expect(theme.zIndex.snackbar).toBeGreaterThan(theme.zIndex.appBar);
    expect(theme.zIndex.snackbar).toBeGreaterThan(theme.zIndex.drawer);
  });
});
