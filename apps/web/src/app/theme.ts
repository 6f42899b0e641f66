import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    // The spec's largest screens (2560 px and up) get their own step.
    xxl: true;
  }
}

// Contrast of white text: primary 14.0:1, secondary 5.1:1; both clear WCAG AA's 4.5:1, so buttons
// and the app bar pass axe without per-component overrides.
export const brandColors = {
  primary: '#0b2a5b',
  secondary: '#2e7d32',
} as const;

export const drawerWidth = 250;

/**
 * The keyboard's focus ring (docs/decisions/0053-one-voice-and-visible-focus.md, WCAG 2.2 2.4.11
 * and 2.4.13): on :focus-visible only, so a pointer press draws nothing, a 2 px solid outline 2 px
 * off the control, with the 2 px between them filled white. One of the two always stands out
 * whatever the control sits on: the navy outline on the light page and paper (13.0:1 on #f4f6fa,
 * 14.0:1 on white), the white band on navy, on the store's banners and on selected navy buttons
 * (theme.test.ts checks at least 3:1 on each). Inside the app bar, filled alerts and the
 * banners the outline itself turns white, with no band. Rows as wide as their list (the drawer's entries, menu items,
 * tabs) and buttons joined in a group draw it inside their edge, where a scrolling parent cannot
 * clip it and a neighbour cannot cover it.
 */
export const focusRing = {
  width: 2,
  offset: 2,
  outline: brandColors.primary,
  band: '#ffffff',
  onDark: '#ffffff',
} as const;

const ring = (color: string = focusRing.outline, band: string | null = focusRing.band) => ({
  outline: `${focusRing.width}px solid ${color}`,
  outlineOffset: `${focusRing.offset}px`,
  boxShadow: band ? `0 0 0 ${focusRing.offset}px ${band}` : 'none',
});
/** Inside the edge: the outline on the outer 2 px, the white band on the next 2 px. */
const insetRing = {
  outline: `${focusRing.width}px solid ${focusRing.outline}`,
  outlineOffset: `${-focusRing.width}px`,
  boxShadow: `inset 0 0 0 ${focusRing.width * 2}px ${focusRing.band}`,
};

/**
 * Surfaces dark enough that the outline inside them turns white; a page marks its own dark bands
 * with data-surface="dark".
 */
const darkSurfaces = [
  '.MuiAppBar-root',
  '.MuiAlert-filled',
  '.MuiSnackbarContent-root',
  '[data-surface="dark"]',
].join(', ');
/** Controls as wide as their list or joined to their neighbours: the ring goes inside the edge. */
const insideRings = [
  '.MuiListItemButton-root',
  '.MuiMenuItem-root',
  '.MuiTab-root',
  '.MuiToggleButtonGroup-grouped',
].join(', ');
/** Keyboard focus on a control. */
const keyboardFocus = ':is(:focus-visible:not([tabindex="-1"]), .Mui-focusVisible)';
/** The typing area of a text field, a select or a date field, framed by the field's own border. */
const fieldInputs = [
  '.MuiInputBase-input',
  '.MuiPickersSectionList-root',
  '.MuiPickersSectionList-section',
  '.MuiPickersSectionList-sectionContent',
].join(', ');

export const theme = createTheme({
  breakpoints: {
    values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 },
  },
  palette: {
    primary: { main: brandColors.primary, contrastText: '#ffffff' },
    secondary: { main: brandColors.secondary, contrastText: '#ffffff' },
    background: { default: '#f4f6fa', paper: '#ffffff' },
  },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    // Buttons, tabs and toggles read as written, in sentence case like every other word of the
    // app, not in MUI's capitals (docs/decisions/0053-one-voice-and-visible-focus.md).
    button: { textTransform: 'none' },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // The fixed app bar (56 to 64 px) and a message at the foot of the screen never hide the
        // control the keyboard moves to: the browser scrolls it clear of both (WCAG 2.4.11).
        html: { scrollPaddingTop: 80, scrollPaddingBottom: 88 },
        // Every control the keyboard reaches, MUI's and plain ones alike (links, the skip link),
        // once, here. ':root' puts these above the 'outline: 0' of MUI's ButtonBase.
        // .Mui-focusVisible marks the visible part of a switch, checkbox or radio, whose focused
        // input is transparent, and a tab or menu item reached with the arrow keys. What only a
        // script focuses (tabindex -1: a dialog as it opens, the page after 'Skip to content', a
        // heading read out) is no control and gets no ring.
        [`:root ${keyboardFocus}`]: ring(),
        [`:root :is(${darkSurfaces}) ${keyboardFocus}`]: ring(focusRing.onDark, null),
        [`:root :is(${insideRings})${keyboardFocus}`]: insetRing,
        // A text field, a select and a date field show focus with their own 2 px border in the
        // primary colour; a second ring on the bare input inside would only crowd the text. (A
        // button beside the text, such as a password's show button, keeps its ring.)
        [`:root :is(${fieldInputs}):focus-visible`]: { outline: 'none', boxShadow: 'none' },
      },
    },
    // The ring is the focus indicator; MUI's faint ripple on focus would only blur it.
    MuiButton: { defaultProps: { disableFocusRipple: true } },
    MuiIconButton: { defaultProps: { disableFocusRipple: true } },
  },
  // A 'Saved' message sits above the page but under any dialog opened after it (MUI puts it
  // above dialogs, where it covered the next dialog's buttons on a phone).
  zIndex: { snackbar: 1250 },
});
