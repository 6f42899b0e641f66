import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  tagRuleOf,
  healthReading,
  healthReadingRequest,
  recordsPaths,
  type HealthReading,
  type HealthReadingRequest,
} from '@vitalia/api/records.contract';
import { apiClient } from '../../../lib/api-client';
import { recordsQueryKey } from '../../../readings/api/records-query-keys';
import { isNetworkError } from '../../../lib/offline/network';
import { showStoredReading } from '../../../lib/offline/stored-reading-cache';
import { addToOutbox } from '../../../lib/offline/outbox';
import { syncOutboxSoon } from '../../../lib/offline/outbox-sync';
import {
  isPendingReading,
  newIdempotencyKey,
  pendingReadingOf,
  withTakenAt,
} from '../../../lib/offline/pending-reading';

/** Sends a reading once; the key makes a repeat of it return the first answer. */
export async function sendReading(
  request: HealthReadingRequest,
  key: string,
): Promise<HealthReading> {
  const { data } = await apiClient.post(recordsPaths.health, request, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
  });
  return healthReading.parse(data);
}

/**
 * Records a reading, or keeps it on the device to send when the network returns
 * (docs/decisions/0035-offline-readings.md): then the answer is its stand-in, marked as pending.
 * The key and the time are fixed before the first try, so a send whose answer was lost and the
 * later send from the outbox are one reading to the server.
 */
export async function recordReading(request: HealthReadingRequest): Promise<HealthReading> {
  const reading = withTakenAt(healthReadingRequest.parse(request));
  const key = newIdempotencyKey();
  const measure = tagRuleOf(reading.Tag).measure;
  const keep = async (tried: boolean) =>
    pendingReadingOf(await addToOutbox(measure, reading, key, new Date(), { tried }));
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return keep(false);
  try {
    return await sendReading(reading, key);
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    // The send left: the server may hold it without an answer having come back.
    const kept = await keep(true);
    // The browser thinks it is online, so no 'online' event will send it: try again shortly.
    syncOutboxSoon();
    return kept;
  }
}

export function useRecordReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordReading,
    // The new reading changes the analysis, the score, the history and the chart. One kept to send
    // later changes nothing on the server yet: refreshing then would hold the dialog open until
    // the refresh paused or ran out of tries offline (seconds, or until the network returns).
    onSuccess: (saved) => {
      if (isPendingReading(saved)) return;
      // On screen at once, so the reading before it is never shown as the newest meanwhile; the
      // refresh runs behind the closed dialog (a refresh that kept failing held it open).
      showStoredReading(queryClient, saved);
      void queryClient.invalidateQueries({ queryKey: recordsQueryKey });
    },
  });
}
