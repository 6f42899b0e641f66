import { beforeEach, describe, expect, it } from 'vitest';
import type { HealthReadingRequest } from '@vitalia/api/records.contract';
import { recordsPaths } from '@vitalia/api/records.paths';
import { fakeApi } from '../../test/fake-api';
import { aReading, serveRecords } from '../../test/health-fixtures';
import { signInAs } from '../../test/identity-fixtures';
import { apiClient } from '../api-client';
import type { OutboxItem } from './outbox';
import { withdrawStoredReading } from './withdraw-reading';

beforeEach(() => signInAs());

const takenAt = '2026-11-28T08:00:00.000Z';

const pressure = (pulse?: number): HealthReadingRequest => ({
  Tag: 'Systolic',
  TagValue: 121,
  MinTag: 'Diastolic',
  MinTagValue: 79,
  ...(pulse === undefined ? {} : { Pulse: pulse }),
  TakenAt: takenAt,
});

const discarded = (request: HealthReadingRequest): OutboxItem => ({
  key: 'key-1',
  owner: 'me',
  measure: 'bloodPressure',
  request,
  savedAt: takenAt,
  refusal: null,
  tried: true,
  withdrawn: true,
});

/** What the person's readings are on the server, as tag and value. */
const stored = (server: ReturnType<typeof serveRecords>) =>
  server.readings.map((reading) => `${reading.tag} ${reading.tagValue}`);

describe('a reading discarded after its send reached the server', () => {
  it('is deleted there with the pulse stored beside it, and nothing else', async () => {
    const server = serveRecords([
      // Taken at the same moment with the same value, but recorded on its own, earlier.
      aReading('Pulse Value', '36', { takenAt, createdAt: '2026-11-28T08:01:00.000Z' }),
      aReading('Pulse Value', '48', { takenAt: '2026-11-27T08:00:00.000Z' }),
    ]);
    // The send whose answer the device got (or gets again under the same key).
    const { data: answer } = await apiClient.post(recordsPaths.health, pressure(36));
    expect(stored(server)).toEqual([
      'Pulse Value 36',
      'Pulse Value 48',
      'Systolic 121',
      'Pulse Value 36',
    ]);

    await withdrawStoredReading(answer, discarded(pressure(36)));

    expect(stored(server)).toEqual(['Pulse Value 36', 'Pulse Value 48']);
    expect(server.readings[0]?.createdAt).toBe('2026-11-28T08:01:00.000Z');
  });

  it('is deleted alone when no pulse came with it, without looking for one', async () => {
    const server = serveRecords([aReading('Pulse Value', '48', { takenAt })]);
    const { data: answer } = await apiClient.post(recordsPaths.health, pressure());

    await withdrawStoredReading(answer, discarded(pressure()));

    expect(stored(server)).toEqual(['Pulse Value 48']);
    expect(fakeApi.requestsTo('GET', recordsPaths.healths)).toEqual([]);
  });

  it('counts a pulse or a pressure already deleted elsewhere as deleted', async () => {
    const server = serveRecords([]);
    const { data: answer } = await apiClient.post(recordsPaths.health, pressure(36));
    const pulse = server.readings.find((reading) => reading.tag === 'Pulse Value')!;
    await apiClient.delete(`${recordsPaths.health}/${pulse.id}`);
    fakeApi.on('DELETE', `${recordsPaths.health}/${pulse.id}`, {
      status: 404,
      body: { errors: ['There is no reading with this id.'] },
    });

    await withdrawStoredReading(answer, discarded(pressure(36)));
    expect(stored(server)).toEqual([]);
  });
});
