import { healthReadingPath, recordsPaths } from '@vitalia/api/records.paths';
import { apiClient } from '../api-client';
import { httpStatusOf } from '../http-status';
import type { OutboxItem } from './outbox';

async function deleteStored(id: string): Promise<void> {
  await apiClient.delete(healthReadingPath(id)).catch((error: unknown) => {
    // Already gone (deleted from another device): what was asked is done.
    if (httpStatusOf(error) !== 404) throw error;
  });
}

/**
 * Deletes what the server stored for a reading discarded after its send left
 * (docs/decisions/0035-offline-readings.md): the reading its answer names and, for a blood
 * pressure sent with its monitor's pulse, that pulse. The answer names the pressure only; the
 * pulse was stored with it in one statement, so it has the same taken and created times, and the
 * value sent. The pulse goes first: a withdrawal cut short is tried again whole, and finds the
 * pressure still there to name the times by. A review found the pulse left on the server, and with
 * it an emergency banner for a reading the person had discarded.
 */
export async function withdrawStoredReading(answer: unknown, item: OutboxItem): Promise<void> {
  // Loaded when first needed: the contract's schemas, which the sign-in page does not use.
  const [{ healthReading, historyPage }, { pulseBesidePressure }] = await Promise.all([
    import('@vitalia/api/records.contract'),
    import('@vitalia/api/pressure-pulse'),
  ]);
  const stored = healthReading.safeParse(answer);
  if (!stored.success) throw new Error('The server did not name the reading it stored.');
  const { id, takenAt, createdAt } = stored.data;
  const pulse = pulseBesidePressure(item.request);
  if (pulse) {
    const to = new Date(Date.parse(takenAt) + 1).toISOString();
    const { data } = await apiClient.get<unknown>(recordsPaths.healths, {
      params: { tag: pulse.tag, from: takenAt, to, limit: 200 },
    });
    for (const each of historyPage.parse(data).items) {
      if (each.createdAt === createdAt && each.tagValue === pulse.tagValue) {
        await deleteStored(each.id);
      }
    }
  }
  await deleteStored(id);
}
