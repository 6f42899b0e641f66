// The answer to deleting the account ("Your account will be deleted on ..."), kept for the sign-in
// page the person lands on: deleting ends the session, and the route guard then moves them there
// on its own, so history state cannot carry it.

let notice: string | null = null;

export function leaveDeletionNotice(message: string): void {
  notice = message;
}

export function deletionNotice(): string | null {
  return notice;
}

export function clearDeletionNotice(): void {
  notice = null;
}
