import { useSyncExternalStore } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { pendingSignOut, setPending, subscribe, unsentWarning } from './sign-out-guard';

/**
 * Asks before a sign-out that would delete readings waiting to send (sign-out-guard.ts). Mounted
 * once, in the main layout: it holds every screen one signs out from (its drawer and the account
 * page), and its script is loaded before any of them shows, so the question needs no network.
 * Not in the app's providers: there the dialog's code was part of the sign-in page's first
 * script, which a signed-out visitor never uses (docs/performance.md).
 */
export function SignOutQuestion() {
  const asked = useSyncExternalStore(subscribe, pendingSignOut, () => null);
  return (
    <ConfirmDialog
      open={asked !== null}
      title={
        asked && asked.count === 0
          ? 'Sign out before discarded readings are deleted?'
          : 'Sign out and delete unsent readings?'
      }
      message={asked ? unsentWarning(asked.count, asked.withdrawals) : ''}
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
