// The pass of the link this tab opened (docs/decisions/0054-sharing-on-the-phone.md): kept in the
// tab's session storage, so a reload shows the readings again without the code, and a new tab or a
// new browser session asks for it. Never in local storage or an address. A browser that refuses
// storage (some private modes) simply asks again after a reload.

const passKey = 'vitalia.sharedLink.pass';

export function keptPass(): string | null {
  try {
    return window.sessionStorage.getItem(passKey);
  } catch {
    return null;
  }
}

export function keepPass(pass: string | undefined): void {
  try {
    if (pass) window.sessionStorage.setItem(passKey, pass);
    else window.sessionStorage.removeItem(passKey);
  } catch {
    // Not kept: a reload asks for the link again.
  }
}

export function forgetPass(): void {
  keepPass(undefined);
}
