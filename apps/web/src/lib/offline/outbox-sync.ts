import { del } from 'idb-keyval';
import type { QueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, recordsPaths } from '@vitalia/api/records.paths';
import { recordsQueryKey } from '../../readings/api/records-query-keys';
import { apiClient, apiErrorMessage } from '../api-client';
import { getAccessToken, subscribe as subscribeToTokens } from '../token-store';
import { currentOwner, deviceKeys, deviceStore } from './device-store';
import {
  allOutboxItems,
  configureOutboxSender,
  discardFromOutbox,
  flushOutbox,
  loadOutbox,
  outboxItems,
  withdrawalsWaiting,
} from './outbox';
import { withdrawStoredReading } from './withdraw-reading';

let started = false;

// A send that got no answer while the browser says it is online (a dropped answer, a dead mobile
// network) is tried again after a pause that grows, as no 'online' event will come.
const firstPause = 3000;
const longestPause = 5 * 60_000;
let pause = firstPause;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

/** A reading just kept after a send without an answer: try the outbox after a pause. */
export function syncOutboxSoon(): void {
  if (!started) return;
  retryTimer ??= setTimeout(() => void syncOutbox(), pause);
}

/** Sends what waits, and plans another try while readings still wait unrefused. */
export async function syncOutbox(): Promise<void> {
  if (!started) return;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  await flushOutbox().catch(() => undefined);
  const waiting =
    outboxItems().some((item) => item.refusal === null) || withdrawalsWaiting().length > 0;
  if (!waiting) {
    pause = firstPause;
    return;
  }
  if (navigator.onLine === false) return;
  retryTimer = setTimeout(() => void syncOutbox(), pause);
  pause = Math.min(pause * 2, longestPause);
}

/**
 * Wires the outbox to the API and to the session, once per page: the waiting readings are sent at
 * start-up, whenever the browser says the network is back, and when a session begins; a session
 * that ends forgets the saved queries, and a different person's session forgets the readings left
 * by the one before.
 */
export function startOfflineSync(queryClient: QueryClient): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  configureOutboxSender({
    send: async (item) => {
      const { data } = await apiClient.post(recordsPaths.health, item.request, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: item.key },
      });
      return data as unknown;
    },
    onAccepted: async (answer) => {
      // Loaded when first needed: the contract's schemas and the interpreter, which the sign-in
      // page does not use.
      const [{ healthReading }, { showStoredReading }] = await Promise.all([
        import('@vitalia/api/records.contract'),
        import('./stored-reading-cache'),
      ]);
      // An answer outside the contract is not shown; the refresh after the sync shows the truth.
      const stored = healthReading.safeParse(answer);
      if (!stored.success) return;
      showStoredReading(queryClient, stored.data);
    },
    withdraw: withdrawStoredReading,
    messageOf: apiErrorMessage,
    onSent: () => void queryClient.invalidateQueries({ queryKey: recordsQueryKey }),
  });

  let owner = currentOwner();
  subscribeToTokens(() => {
    const now = currentOwner();
    if (now === owner) return;
    owner = now;
    if (getAccessToken() === null) {
      // The session ended (signed out here, in another tab, or refused by the server): what this
      // person saw goes. Readings waiting to send stay for their next sign-in, until a sign-out.
      queryClient.clear();
      void del(deviceKeys.queryCache, deviceStore()).catch(() => undefined);
      return;
    }
    void dropOthersThenFlush(now);
  });

  window.addEventListener('online', () => {
    pause = firstPause;
    void syncOutbox();
  });
  void loadOutbox()
    .then(() => dropOthersThenFlush(owner))
    .catch(() => undefined);
}

/** A person never sends, nor sees, readings someone else left waiting on this device. */
async function dropOthersThenFlush(owner: string | null): Promise<void> {
  if (owner === null) return;
  await loadOutbox();
  const others = allOutboxItems().filter((item) => item.owner !== owner);
  for (const item of others) await discardFromOutbox(item.key);
  await syncOutbox();
}
