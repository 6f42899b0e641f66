/**
 * A one-line confirmation carried in the history state of the page a screen moves to, for news
 * that outlives the screen that made it ("Your password is changed" on the dashboard). Going back
 * and forward shows it again, as the browser restores that state; a reload of the page does too.
 */
export interface FlashState {
  flash: string;
}

export function flashState(message: string): FlashState {
  return { flash: message };
}

export function flashMessageOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('flash' in state)) return null;
  return typeof state.flash === 'string' ? state.flash : null;
}
