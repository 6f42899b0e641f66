import { describe, expect, it } from 'vitest';
import { focusRing, theme } from './theme';

/** WCAG 2.2's contrast ratio of two #rrggbb colours. */
function contrast(one: string, other: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the theme', () => {
  it('keeps messages above the page and its bars but under any dialog', () => {
    expect(theme.zIndex.snackbar).toBeLessThan(theme.zIndex.modal);
    expect(theme.zIndex.snackbar).toBeGreaterThan(theme.zIndex.appBar);
    expect(theme.zIndex.snackbar).toBeGreaterThan(theme.zIndex.drawer);
  });

  it('writes buttons as their words are written, not in capitals', () => {
    expect(theme.typography.button.textTransform).toBe('none');
  });

  it('draws a focus ring of 2 px, 2 px off the control, on keyboard focus only', () => {
    const overrides = theme.components?.MuiCssBaseline?.styleOverrides as Record<
      string,
      Record<string, unknown>
    >;
    expect(overrides[':root :is(:focus-visible:not([tabindex="-1"]), .Mui-focusVisible)']).toEqual({
      outline: `2px solid ${focusRing.outline}`,
      outlineOffset: '2px',
      // The gap between the control and the outline, filled.
      boxShadow: `0 0 0 2px ${focusRing.band}`,
    });
  });

  it('gives the focus ring at least 3:1 against every surface it is drawn on (WCAG 2.4.13)', () => {
    // The navy outline on the light page and paper.
    for (const surface of [theme.palette.background.default, theme.palette.background.paper]) {
      expect(contrast(focusRing.outline, surface)).toBeGreaterThanOrEqual(3);
    }
    // The white band on navy and green: the bar, selected and contained buttons, the store's
    // banners (#16467f and #1f6a5a in their gradients), and the white outline of the app bar and
    // of filled alerts of every kind.
    const { primary, secondary, success, error, warning, info } = theme.palette;
    const dark = [primary, secondary, success, error, warning, info].map((colour) => colour.main);
    for (const surface of [...dark, '#16467f', '#1f6a5a', '#1b5e20']) {
      expect(contrast(focusRing.band, surface)).toBeGreaterThanOrEqual(3);
      expect(contrast(focusRing.onDark, surface)).toBeGreaterThanOrEqual(3);
    }
  });
});
