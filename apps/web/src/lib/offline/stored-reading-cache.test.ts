import { describe, expect, it } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { AnalysisResponse, HistoryPage } from '@vitalia/api/records.contract';
import { analysisQueryKey, historyQueryKey } from '../../api/records-query-keys';
import { profileQueryKey } from '../../api/profile.query';
import { aReading, analysisOf } from '../../test/health-fixtures';
import { aProfile } from '../../test/identity-fixtures';
import { showStoredReading } from './stored-reading-cache';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

function clientWith(readings: ReturnType<typeof aReading>[]) {
  const client = new QueryClient();
  client.setQueryData(profileQueryKey, aProfile());
  client.setQueryData(analysisQueryKey, analysisOf(readings), { updatedAt: 1000 });
  const history: InfiniteData<HistoryPage, string | null> = {
    pages: [{ items: [...readings].reverse(), nextCursor: null }],
    pageParams: [null],
  };
  client.setQueryData(historyQueryKey('SPO2Value'), history);
  return client;
}

const shownValues = (client: QueryClient) =>
  client
    .getQueryData<InfiniteData<HistoryPage>>(historyQueryKey('SPO2Value'))
    ?.pages.flatMap((page) => page.items.map((item) => item.tagValue));

describe('a reading the server just stored', () => {
  it('is the newest on screen at once: rated, at the top of its history, kept time unchanged', () => {
    const client = clientWith([
      aReading('SPO2Value', '98', { takenAt: hoursAgo(30) }),
      aReading('SPO2Value', '97', { takenAt: hoursAgo(5) }),
    ]);
    const stored = aReading('SPO2Value', '93', { takenAt: hoursAgo(1) });

    showStoredReading(client, stored);
    showStoredReading(client, stored);

    const analysis = client.getQueryData<AnalysisResponse>(analysisQueryKey);
    expect(analysis?.readings.oxygen?.id).toBe(stored.id);
    expect(analysis?.measures.oxygen).toMatchObject({ colour: 'red', result: 'Low' });
    expect(client.getQueryState(analysisQueryKey)?.dataUpdatedAt).toBe(1000);
    expect(shownValues(client)).toEqual(['93', '97', '98']);
  });

  it('leaves an older one to the refresh, which puts it in its place', () => {
    const client = clientWith([aReading('SPO2Value', '97', { takenAt: hoursAgo(5) })]);

    showStoredReading(client, aReading('SPO2Value', '85', { takenAt: hoursAgo(9) }));

    expect(client.getQueryData<AnalysisResponse>(analysisQueryKey)?.readings.oxygen?.tagValue).toBe(
      '97',
    );
    expect(shownValues(client)).toEqual(['97']);
  });
});
