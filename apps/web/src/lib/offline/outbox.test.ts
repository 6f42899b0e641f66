import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import type { HealthReadingRequest } from '@vitalia/api/records.contract';
import { accessToken } from '../../test/identity-fixtures';
import { setTokens } from '../token-store';
import { forgetDeviceStoreForTests } from './device-store';
import {
  addToOutbox,
  configureOutboxSender,
  discardFromOutbox,
  flushOutbox,
  loadOutbox,
  outboxItems,
  withdrawFromOutbox,
  withdrawalsWaiting,
  type OutboxItem,
} from './outbox';

function reading(value: string): HealthReadingRequest {
  return { Tag: 'SPO2Value', TagValue: value };
}

function answered(status: number, body: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    data: body,
    headers: {},
    config,
  });
}

const noNetwork = () => new AxiosError('Network Error', 'ERR_NETWORK');

/**
 * A server that stores each key once, as POST /records/health does with Idempotency-Key, and
 * answers the stored reading's id (the key's own, here); a withdrawal deletes by that id.
 */
function fakeServer() {
  const stored = new Map<string, HealthReadingRequest>();
  const sends: string[] = [];
  const deletes: string[] = [];
  let beforeAnswer: (item: OutboxItem) => Promise<void> = async () => undefined;
  let answer: (item: OutboxItem) => 'store' | 'lose-answer' | 'offline' | Error = () => 'store';
  const send = vi.fn(async (item: OutboxItem) => {
    sends.push(item.key);
    const outcome = answer(item);
    if (outcome instanceof Error) throw outcome;
    if (outcome === 'offline') throw noNetwork();
    if (!stored.has(item.key)) stored.set(item.key, item.request);
    if (outcome === 'lose-answer') throw noNetwork();
    await beforeAnswer(item);
    return { id: `id-${item.key}` };
  });
  const withdraw = vi.fn(async (answer: unknown) => {
    const id = (answer as { id: string }).id;
    deletes.push(id);
    stored.delete(id.slice('id-'.length));
  });
  const onSent = vi.fn();
  configureOutboxSender({
    send,
    withdraw,
    onSent,
    messageOf: (error) =>
      error instanceof AxiosError
        ? String((error.response?.data as { errors: string[] }).errors[0])
        : 'failed',
  });
  return {
    stored,
    sends,
    deletes,
    send,
    onSent,
    answerWith: (next: typeof answer) => {
      answer = next;
    },
    /** Runs while a send is on its way, after the server stored it and before its answer. */
    whileAnswering: (next: typeof beforeAnswer) => {
      beforeAnswer = next;
    },
  };
}

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  forgetDeviceStoreForTests();
  setTokens({ accessToken: accessToken('USER'), refreshToken: 'refresh-1' });
  await loadOutbox();
});

describe('the outbox', () => {
  it('keeps readings in IndexedDB with their key and the time they were saved', async () => {
    const savedAt = new Date('2026-11-20T08:30:00Z');
    await addToOutbox('oxygen', reading('97'), 'key-1', savedAt);

    forgetDeviceStoreForTests();
    await loadOutbox();

    expect(outboxItems()).toEqual([
      {
        key: 'key-1',
        owner: 'user-1',
        measure: 'oxygen',
        request: { Tag: 'SPO2Value', TagValue: '97', TakenAt: '2026-11-20T08:30:00.000Z' },
        savedAt: '2026-11-20T08:30:00.000Z',
        refusal: null,
        tried: false,
      },
    ]);
  });

  it('sends in the order saved, one at a time, each with its own key, then empties', async () => {
    const server = fakeServer();
    await addToOutbox('oxygen', reading('97'), 'key-1');
    await addToOutbox('oxygen', reading('95'), 'key-2');
    await addToOutbox('oxygen', reading('93'), 'key-3');

    await flushOutbox();

    expect(server.sends).toEqual(['key-1', 'key-2', 'key-3']);
    expect([...server.stored.values()].map((request) => request.TagValue)).toEqual([
      '97',
      '95',
      '93',
    ]);
    expect(outboxItems()).toEqual([]);
    expect(server.onSent).toHaveBeenCalledOnce();
  });

  it('stores a reading once when the answer to its first send was lost', async () => {
    const server = fakeServer();
    await addToOutbox('oxygen', reading('97'), 'key-1');
    await addToOutbox('oxygen', reading('95'), 'key-2');
    server.answerWith(() => 'lose-answer');

    await flushOutbox();
    // The lost answer stops the sync: the reading stays, and the next one waits behind it.
    expect(outboxItems().map((item) => item.key)).toEqual(['key-1', 'key-2']);

    server.answerWith(() => 'store');
    await flushOutbox();

    expect(server.sends).toEqual(['key-1', 'key-1', 'key-2']);
    expect(server.stored.size).toBe(2);
    expect(outboxItems()).toEqual([]);
  });

  it('never sends the same reading twice at once when syncs are asked together', async () => {
    const server = fakeServer();
    await addToOutbox('oxygen', reading('97'), 'key-1');

    await Promise.all([flushOutbox(), flushOutbox(), flushOutbox()]);

    expect(server.sends).toEqual(['key-1']);
  });

  it('keeps a refused reading with the server message and still sends the ones after it', async () => {
    const server = fakeServer();
    await addToOutbox('oxygen', reading('97'), 'key-1');
    await addToOutbox('oxygen', reading('101'), 'key-2');
    await addToOutbox('oxygen', reading('95'), 'key-3');
    server.answerWith((item) =>
      item.key === 'key-2'
        ? answered(422, { errors: ['TagValue must be between 50 and 100'] })
        : 'store',
    );

    await flushOutbox();

    expect(server.sends).toEqual(['key-1', 'key-2', 'key-3']);
    expect(outboxItems()).toEqual([
      expect.objectContaining({ key: 'key-2', refusal: 'TagValue must be between 50 and 100' }),
    ]);

    // A refused reading is not sent again by itself: it waits to be fixed or discarded.
    await flushOutbox();
    expect(server.sends).toHaveLength(3);

    await discardFromOutbox('key-2');
    expect(outboxItems()).toEqual([]);
  });

  it('forgets a reading taken back before any send of it left the device', async () => {
    const server = fakeServer();
    await addToOutbox('oxygen', reading('79'), 'key-1');
    await addToOutbox('oxygen', reading('97'), 'key-2');

    await withdrawFromOutbox('key-1');
    expect(outboxItems().map((item) => item.key)).toEqual(['key-2']);

    await flushOutbox();
    expect(server.sends).toEqual(['key-2']);
    expect(server.deletes).toEqual([]);
    expect([...server.stored.keys()]).toEqual(['key-2']);
  });

  it('deletes on the server a reading taken back after a send of it lost its answer', async () => {
    const server = fakeServer();
    await addToOutbox('oxygen', reading('79'), 'key-1');
    server.answerWith(() => 'lose-answer');
    await flushOutbox();
    // Stored by the server, though the device never heard so.
    expect([...server.stored.keys()]).toEqual(['key-1']);

    server.answerWith(() => 'offline');
    await withdrawFromOutbox('key-1');
    // The sync the withdrawal starts gets no answer.
    await flushOutbox();
    // Off the screens at once, while its deletion waits for the network.
    expect(outboxItems()).toEqual([]);
    expect(withdrawalsWaiting().map((item) => item.key)).toEqual(['key-1']);

    server.answerWith(() => 'store');
    await flushOutbox();
    // Sent with its own key (answering the stored reading), then deleted by the id answered.
    expect(server.sends).toEqual(['key-1', 'key-1', 'key-1']);
    expect(server.deletes).toEqual(['id-key-1']);
    expect(server.stored.size).toBe(0);
    expect(withdrawalsWaiting()).toEqual([]);
  });

  it('does not send a reading discarded while the one before it was being sent', async () => {
    const server = fakeServer();
    await addToOutbox('oxygen', reading('97'), 'key-1');
    await addToOutbox('oxygen', reading('79'), 'key-2');
    // key-2 is taken back while key-1 is being answered, after the sync began.
    server.whileAnswering(async (item) => {
      if (item.key === 'key-1') await withdrawFromOutbox('key-2');
    });

    await flushOutbox();

    expect(server.sends).toEqual(['key-1']);
    expect([...server.stored.keys()]).toEqual(['key-1']);
    expect(outboxItems()).toEqual([]);
  });

  it('deletes a reading taken back while its send was on the way', async () => {
    const server = fakeServer();
    await addToOutbox('oxygen', reading('79'), 'key-1');
    server.whileAnswering(() => withdrawFromOutbox('key-1'));

    await flushOutbox();

    expect(server.deletes).toEqual(['id-key-1']);
    expect(server.stored.size).toBe(0);
    expect(outboxItems()).toEqual([]);
    expect(withdrawalsWaiting()).toEqual([]);
  });

  it('stops at a server failure and keeps the order for the next try', async () => {
    const server = fakeServer();
    await addToOutbox('oxygen', reading('97'), 'key-1');
    await addToOutbox('oxygen', reading('95'), 'key-2');
    server.answerWith(() => answered(503, { errors: ['Down for a moment'] }));

    await flushOutbox();

    expect(server.sends).toEqual(['key-1']);
    expect(outboxItems().map((item) => [item.key, item.refusal])).toEqual([
      ['key-1', null],
      ['key-2', null],
    ]);
    expect(server.onSent).not.toHaveBeenCalled();
  });

  it("sends only the signed-in person's readings", async () => {
    const server = fakeServer();
    await addToOutbox('oxygen', reading('97'), 'key-1');
    setTokens({ accessToken: accessToken('USER', 15 * 60, 'user-2'), refreshToken: 'refresh-2' });

    expect(outboxItems()).toEqual([]);
    await flushOutbox();
    expect(server.sends).toEqual([]);
  });

  it('sends nothing without a session', async () => {
    const server = fakeServer();
    await addToOutbox('oxygen', reading('97'), 'key-1');
    window.localStorage.clear();

    await flushOutbox();

    expect(server.sends).toEqual([]);
  });
});
