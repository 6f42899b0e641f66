import { useSyncExternalStore } from 'react';
import { get, update } from 'idb-keyval';
import type { HealthReadingRequest } from '@vitalia/api/records.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { httpStatusOf } from '../http-status';
import { currentOwner, deviceKeys, deviceStore } from './device-store';
import { isNetworkError } from './network';

// Readings saved without a network wait here, in IndexedDB, in the order they were saved, and are
// sent one at a time when the network returns (docs/decisions/0035-offline-readings.md). Each
// carries the Idempotency-Key made when it was saved, so sending it again after an answer was
// lost returns the first answer instead of storing the reading twice.

export interface OutboxItem {
  /** The Idempotency-Key, made once when the reading was saved. */
  key: string;
  /** The subject of the session it was saved in; only that person's session sends it. */
  owner: string;
  measure: MeasureId;
  /** As it will be sent, with TakenAt set: a reading sent tomorrow was still taken today. */
  request: HealthReadingRequest;
  savedAt: string;
  /** The server's reason when it refused the reading; it then waits to be fixed or discarded. */
  refusal: string | null;
  /**
   * False until a send of it first leaves the device (set before it leaves). Once true the server
   * may hold it, even without an answer; absent in readings kept by an earlier version, which
   * counts as true.
   */
  tried?: boolean;
  /**
   * The person discarded it after a send had left: the next sync sends it once more (its key
   * answers the stored reading, or stores it) and deletes what the server holds, then forgets it.
   */
  withdrawn?: boolean;
}

export interface OutboxSender {
  send: (item: OutboxItem) => Promise<unknown>;
  /**
   * With the server's answer to a reading it accepted, before the reading leaves the outbox: so
   * that it is on screen as stored before it stops being on screen as waiting.
   */
  onAccepted?: (answer: unknown) => Promise<void>;
  /**
   * Deletes a withdrawn reading the server holds, named by the server's answer to its send, and
   * what was stored with it (a pressure's pulse); a reading already gone counts as deleted.
   */
  withdraw: (answer: unknown, item: OutboxItem) => Promise<void>;
  /** The sentence to show for a refusal. */
  messageOf: (error: unknown) => string;
  /** After a sync that sent at least one reading: refresh what shows readings. */
  onSent: () => void;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let items: readonly OutboxItem[] = [];
let sender: OutboxSender | null = null;
let flushing: Promise<void> | null = null;

// Other tabs learn of changes through a channel and read the store again.
const channel =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('vitalia-outbox');
channel?.addEventListener('message', () => void loadOutbox());

function publish(next: readonly OutboxItem[], tellOtherTabs = true): void {
  items = next;
  for (const listener of listeners) listener();
  if (tellOtherTabs) channel?.postMessage('changed');
}

async function readStored(): Promise<OutboxItem[]> {
  return (await get<OutboxItem[]>(deviceKeys.outbox, deviceStore())) ?? [];
}

/** Changes the stored list in one IndexedDB transaction, so two tabs never overwrite each other. */
async function change(edit: (stored: OutboxItem[]) => OutboxItem[]): Promise<void> {
  let next: OutboxItem[] = [];
  await update<OutboxItem[]>(
    deviceKeys.outbox,
    (stored) => {
      next = edit(stored ?? []);
      return next;
    },
    deviceStore(),
  );
  publish(next);
}

/** Reads the stored list into memory, for the screens; at start-up and when another tab changed it. */
export async function loadOutbox(): Promise<void> {
  publish(await readStored(), false);
}

export function configureOutboxSender(next: OutboxSender | null): void {
  sender = next;
}

/**
 * Keeps a reading to send later; TakenAt defaults to now, the moment it was saved. `tried` when a
 * send of it already left the device without an answer.
 */
export async function addToOutbox(
  measure: MeasureId,
  request: HealthReadingRequest,
  key: string,
  now: Date = new Date(),
  { tried = false }: { tried?: boolean } = {},
): Promise<OutboxItem> {
  const owner = currentOwner();
  if (owner === null) throw new Error('There is no session to keep the reading for.');
  const item: OutboxItem = {
    key,
    owner,
    measure,
    request: { ...request, TakenAt: request.TakenAt ?? now.toISOString() },
    savedAt: now.toISOString(),
    refusal: null,
    tried,
  };
  await change((stored) => [...stored.filter((kept) => kept.key !== key), item]);
  return item;
}

export async function discardFromOutbox(key: string): Promise<void> {
  await change((stored) => stored.filter((kept) => kept.key !== key));
}

/** True when the server may hold the reading: a send of it has left the device. */
export function mayBeStored(item: OutboxItem): boolean {
  return item.refusal === null && item.tried !== false;
}

/**
 * The person takes back a reading waiting to send (a mistyped value they saw rated): it leaves
 * the screens at once. One that never left the device is forgotten; one whose send left, and
 * may be stored without its answer having come back, is deleted on the server by the next sync
 * (docs/decisions/0035-offline-readings.md).
 */
export async function withdrawFromOutbox(key: string): Promise<void> {
  await change((stored) =>
    stored.flatMap((kept) => {
      if (kept.key !== key) return [kept];
      return mayBeStored(kept) ? [{ ...kept, withdrawn: true }] : [];
    }),
  );
  if (items.some((item) => item.withdrawn)) void flushOutbox().catch(() => undefined);
}

/** Forgets the list in memory; the stored copy goes with the rest of the device's data. */
export function forgetOutbox(): void {
  publish([]);
}

/** The signed-in person's waiting readings, oldest first (without those they took back). */
export function outboxItems(owner: string | null = currentOwner()): readonly OutboxItem[] {
  return owner === null ? [] : items.filter((item) => item.owner === owner && !item.withdrawn);
}

/** The signed-in person's readings taken back whose deletion on the server waits for a network. */
export function withdrawalsWaiting(owner: string | null = currentOwner()): readonly OutboxItem[] {
  return owner === null ? [] : items.filter((item) => item.owner === owner && item.withdrawn);
}

/** Everyone's waiting readings, to find those a previous person left. */
export function allOutboxItems(): readonly OutboxItem[] {
  return items;
}

type Outcome = 'sent' | 'refused' | 'gone' | 'stop';

/** 400 and 422 say what is wrong with the reading; anything else may pass on another try. */
function isRefusal(error: unknown): boolean {
  const status = httpStatusOf(error);
  return (
    status !== undefined && status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status)
  );
}

const isKept = (item: OutboxItem) => (kept: OutboxItem) => kept.key === item.key;

async function sendOne(item: OutboxItem, current: OutboxSender): Promise<Outcome> {
  try {
    // Marked before it leaves, in the same transaction that finds it still kept: from now on a
    // discard must reach the server too, and one discarded since the list was read is not sent.
    let kept = false;
    await change((stored) =>
      stored.map((each) => {
        if (!isKept(item)(each)) return each;
        kept = true;
        return { ...each, tried: true };
      }),
    );
    if (!kept) return 'gone';
    const answer = await current.send(item);
    // Taken back while it was on its way, or before: the server's copy goes too.
    const now = (await readStored()).find(isKept(item));
    if (now?.withdrawn) {
      await current.withdraw(answer, item);
    } else {
      await current.onAccepted?.(answer);
    }
    await change((stored) => stored.filter((kept) => !isKept(item)(kept)));
    return 'sent';
  } catch (error) {
    if (isNetworkError(error) || !isRefusal(error)) return 'stop';
    const refusal = current.messageOf(error);
    // A refused reading was not stored: taken back, there is nothing left to do.
    await change((stored) =>
      stored.flatMap((kept) =>
        kept.key !== item.key ? [kept] : kept.withdrawn ? [] : [{ ...kept, refusal }],
      ),
    );
    return 'refused';
  }
}

async function sendAll(): Promise<void> {
  const current = sender;
  const owner = currentOwner();
  if (!current || owner === null) return;
  const tried = new Set<string>();
  let sent = 0;
  try {
    for (;;) {
      // Read afresh each time: another tab may have sent or discarded one meanwhile.
      const stored = await readStored();
      const next = stored.find(
        (item) => item.owner === owner && item.refusal === null && !tried.has(item.key),
      );
      if (!next) break;
      tried.add(next.key);
      const outcome = await sendOne(next, current);
      if (outcome === 'sent') sent += 1;
      // No network, a server failure or a lost session: the rest wait for the next try, in order.
      if (outcome === 'stop') break;
    }
  } finally {
    if (sent > 0) current.onSent();
  }
}

/**
 * Sends the waiting readings, oldest first, one at a time. Calls while a sync runs share it, and
 * tabs take turns through a lock, so one reading is never in flight twice at once (its key would
 * make a second send harmless, but it would still be a wasted request).
 */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    if (typeof navigator !== 'undefined' && navigator.locks) {
      await navigator.locks.request('vitalia-outbox', sendAll);
    } else {
      await sendAll();
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => items;

/**
 * The signed-in person's waiting readings, of every measure; re-renders on change. A measure's
 * page takes those with a reading of its measure (`waitingReadingsOf`): a pressure brings a pulse.
 */
export function useOutbox(): readonly OutboxItem[] {
  const all = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const owner = currentOwner();
  return all.filter((item) => item.owner === owner && !item.withdrawn);
}
