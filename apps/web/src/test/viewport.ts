// jsdom has no layout and no matchMedia; MUI's useMediaQuery needs one to tell a wide window from
// a narrow one, so this answers min-/max-width queries from window.innerWidth.
function evaluate(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => ({
    media: query,
    matches: evaluate(query),
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
}

/** Set before rendering: the stub does not notify mounted components of a resize. */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}
