import { useSyncExternalStore } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { outboxItems } from './outbox';

// Signing out deletes the readings waiting to send (they belong to this session's person), so a
// person with some is asked first. The question is asked from here, mounted once in the
// providers, so every way of signing out asks it without each screen drawing its own dialog.

interface Pending {
  count: number;
  proceed: () => void;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let pending: Pending | null = null;

function setPending(next: Pending | null): void {
  pending = next;
  for (const listener of listeners) listener();
}

/** Signs out at once, or after the person confirms when readings are still waiting to send. */
export function requestSignOut(proceed: () => void): void {
  const count = outboxItems().length;
  if (count === 0) proceed();
  else setPending({ count, proceed });
}

export function unsentWarning(count: number): string {
  const readings = count === 1 ? '1 reading has' : `${count} readings have`;
  const them = count === 1 ? 'it' : 'them';
  return `${readings} not been sent yet; signing out deletes ${them}. Stay signed in and go online to send ${them} first.`;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function SignOutGuard() {
  const asked = useSyncExternalStore(
    subscribe,
    () => pending,
    () => null,
  );
  return (
    <ConfirmDialog
      open={asked !== null}
      title="Sign out and delete unsent readings?"
      message={asked ? unsentWarning(asked.count) : ''}
      confirmLabel="Sign out"
      destructive
      onConfirm={() => {
        const proceed = asked?.proceed;
        setPending(null);
        proceed?.();
      }}
      onCancel={() => setPending(null)}
    />
  );
}
