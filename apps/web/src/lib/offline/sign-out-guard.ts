import { outboxItems, withdrawalsWaiting } from './outbox';

// Signing out deletes the readings waiting to send (they belong to this session's person), so a
// person with some is asked first. Every way of signing out comes through requestSignOut, and
// one dialog (sign-out-question.tsx) asks the question, so no screen draws its own.

interface Pending {
  count: number;
  /** Readings taken back that the server may still hold until a sync deletes them. */
  withdrawals: number;
  proceed: () => void;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let pending: Pending | null = null;

export function setPending(next: Pending | null): void {
  pending = next;
  for (const listener of listeners) listener();
}

/** Signs out at once, or after the person confirms when readings are still waiting to send. */
export function requestSignOut(proceed: () => void): void {
  const count = outboxItems().length;
  const withdrawals = withdrawalsWaiting().length;
  if (count === 0 && withdrawals === 0) proceed();
  else setPending({ count, withdrawals, proceed });
}

export function unsentWarning(count: number, withdrawals = 0): string {
  const readings = count === 1 ? '1 reading has' : `${count} readings have`;
  const them = count === 1 ? 'it' : 'them';
  const unsent =
    count === 0
      ? ''
      : `${readings} not been sent yet; signing out deletes ${them}. Stay signed in and go online to send ${them} first.`;
  const discarded =
    withdrawals === 0
      ? ''
      : `${withdrawals === 1 ? '1 reading you discarded' : `${withdrawals} readings you discarded`} may have reached Vitalia; signing out leaves ${withdrawals === 1 ? 'it' : 'them'} there. Stay signed in and go online to delete ${withdrawals === 1 ? 'it' : 'them'} first.`;
  return [unsent, discarded].filter(Boolean).join(' ');
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The question waiting for an answer, if any. */
export function pendingSignOut(): Pending | null {
  return pending;
}
