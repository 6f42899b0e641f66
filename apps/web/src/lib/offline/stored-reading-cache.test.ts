import { describe, expect, it } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { AnalysisResponse, HistoryPage } from '@vitalia/api/records.contract';
import type { ChartReadings } from '../../readings/api/chart-readings';
import {
  analysisQueryKey,
  chartQueryKey,
  historyQueryKey,
} from '../../readings/api/records-query-keys';
import { profileQueryKey } from '../../api/profile.query';
import { assessmentQueryKey } from '../../api/assessment.query';
import { anAssessment } from '../../test/assessment-fixtures';
import { aReading, analysisOf } from '../../test/health-fixtures';
import { aProfile } from '../../test/identity-fixtures';
import { showChangedReading, showStoredReading } from './stored-reading-cache';

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

  it('is rated with what the person told the questionnaire: 150/100 in pregnancy is for today', () => {
    const client = clientWith([]);
    const stored = aReading('Systolic', '150', { minTagValue: '100', takenAt: hoursAgo(1) });
    showStoredReading(client, stored);
    const pressure = () => client.getQueryData<AnalysisResponse>(analysisQueryKey)?.measures;
    expect(pressure()?.bloodPressure).toMatchObject({ result: 'High', urgency: null });

    const pregnant = clientWith([]);
    pregnant.setQueryData(assessmentQueryKey, anAssessment({ pregnant: true }));
    showStoredReading(pregnant, stored);
    expect(
      pregnant.getQueryData<AnalysisResponse>(analysisQueryKey)?.measures.bloodPressure,
    ).toMatchObject({ colour: 'red', urgency: 'today' });
  });

  it('when older, goes in its place in the history and leaves the newest rated', () => {
    const client = clientWith([aReading('SPO2Value', '97', { takenAt: hoursAgo(5) })]);

    showStoredReading(client, aReading('SPO2Value', '85', { takenAt: hoursAgo(9) }));

    expect(client.getQueryData<AnalysisResponse>(analysisQueryKey)?.readings.oxygen?.tagValue).toBe(
      '97',
    );
    expect(shownValues(client)).toEqual(['97', '85']);
  });

  it('when older than the history pages loaded, is left to the refresh', () => {
    const client = clientWith([aReading('SPO2Value', '97', { takenAt: hoursAgo(5) })]);
    const history = client.getQueryData<InfiniteData<HistoryPage, string | null>>(
      historyQueryKey('SPO2Value'),
    );
    client.setQueryData(historyQueryKey('SPO2Value'), {
      ...history,
      pages: history?.pages.map((page) => ({ ...page, nextCursor: 'more' })),
    });

    showStoredReading(client, aReading('SPO2Value', '85', { takenAt: hoursAgo(9) }));

    expect(shownValues(client)).toEqual(['97']);
  });
});

describe('a reading the server just corrected or deleted', () => {
  const oxygenOf = (analysis: AnalysisResponse | undefined) =>
    analysis && {
      measure: analysis.measures.oxygen,
      reading: analysis.readings.oxygen?.id ?? null,
      recent: analysis.recent.oxygen,
      forScaleOk: analysis.forScaleOk,
      recorded: analysis.recorded,
    };
  const shownAnalysis = (client: QueryClient) =>
    oxygenOf(client.getQueryData<AnalysisResponse>(analysisQueryKey));

  it('is rated as corrected at once: a 97 % corrected to 87 % is no longer Normal', () => {
    const older = aReading('SPO2Value', '98', { takenAt: hoursAgo(30) });
    const newest = aReading('SPO2Value', '97', { takenAt: hoursAgo(5) });
    const client = clientWith([older, newest]);
    const corrected = { ...newest, tagValue: '87' };

    showChangedReading(client, { corrected });

    expect(shownAnalysis(client)).toEqual(oxygenOf(analysisOf([older, corrected])));
    expect(shownAnalysis(client)?.measure).toMatchObject({ colour: 'red' });
    expect(shownValues(client)).toEqual(['87', '98']);
    expect(client.getQueryState(analysisQueryKey)?.dataUpdatedAt).toBe(1000);
  });

  it('moved before another reading, leaves that one the newest', () => {
    const older = aReading('SPO2Value', '91', { takenAt: hoursAgo(30) });
    const newest = aReading('SPO2Value', '97', { takenAt: hoursAgo(5) });
    const client = clientWith([older, newest]);
    const corrected = { ...newest, takenAt: hoursAgo(40) };

    showChangedReading(client, { corrected });

    expect(shownAnalysis(client)?.reading).toBe(older.id);
    expect(shownAnalysis(client)?.measure).toEqual(analysisOf([older, corrected]).measures.oxygen);
  });

  it('moved after the newest, becomes the newest', () => {
    const older = aReading('SPO2Value', '89', { takenAt: hoursAgo(30) });
    const newest = aReading('SPO2Value', '97', { takenAt: hoursAgo(5) });
    const client = clientWith([older, newest]);
    const corrected = { ...older, takenAt: hoursAgo(1) };

    showChangedReading(client, { corrected });

    expect(shownAnalysis(client)?.reading).toBe(older.id);
    expect(shownAnalysis(client)?.measure).toMatchObject({ colour: 'red' });
  });

  it('deleted when newest, leaves the one before it rated, and the trend line without it', () => {
    const older = aReading('SPO2Value', '92', { takenAt: hoursAgo(30) });
    const newest = aReading('SPO2Value', '98', { takenAt: hoursAgo(5) });
    const client = clientWith([older, newest]);

    showChangedReading(client, { deleted: newest });

    expect(shownAnalysis(client)).toEqual(oxygenOf(analysisOf([older])));
    expect(shownValues(client)).toEqual(['92']);
  });

  it('deleted with no history on the device, says no reading rather than an older rating', () => {
    const older = aReading('SPO2Value', '92', { takenAt: hoursAgo(30) });
    const newest = aReading('SPO2Value', '98', { takenAt: hoursAgo(5) });
    const client = clientWith([older, newest]);
    client.removeQueries({ queryKey: historyQueryKey('SPO2Value') });

    showChangedReading(client, { deleted: newest });

    expect(shownAnalysis(client)?.reading).toBeNull();
    expect(shownAnalysis(client)?.measure).toEqual(analysisOf([]).measures.oxygen);
  });

  it('deleted when not the newest, leaves the rating alone', () => {
    const older = aReading('SPO2Value', '92', { takenAt: hoursAgo(30) });
    const newest = aReading('SPO2Value', '98', { takenAt: hoursAgo(5) });
    const client = clientWith([older, newest]);
    const before = client.getQueryData<AnalysisResponse>(analysisQueryKey);

    showChangedReading(client, { deleted: older });

    expect(client.getQueryData<AnalysisResponse>(analysisQueryKey)).toBe(before);
    expect(shownValues(client)).toEqual(['98']);
  });
});

describe('the readings kept for the chart and the history after a change', () => {
  const chartValues = (client: QueryClient, period: 'week' | 'all') =>
    client
      .getQueryData<ChartReadings>(chartQueryKey('SPO2Value', period))
      ?.readings.map((reading) => reading.tagValue);

  function withCharts(readings: ReturnType<typeof aReading>[]) {
    const client = clientWith(readings);
    const oldestFirst = [...readings].sort((a, b) => Date.parse(a.takenAt) - Date.parse(b.takenAt));
    const inWeek = oldestFirst.filter(
      (r) => Date.now() - Date.parse(r.takenAt) <= 7 * 24 * 3600_000,
    );
    client.setQueryData(chartQueryKey('SPO2Value', 'all'), { readings: oldestFirst, cut: false });
    client.setQueryData(chartQueryKey('SPO2Value', 'week'), { readings: inWeek, cut: false });
    return client;
  }

  it('draws a correction at once: the newest 97 % corrected to 87 % is 87 % on the chart', () => {
    const older = aReading('SPO2Value', '98', { takenAt: hoursAgo(30) });
    const newest = aReading('SPO2Value', '97', { takenAt: hoursAgo(5) });
    const client = withCharts([older, newest]);

    showChangedReading(client, { corrected: { ...newest, tagValue: '87' } });

    expect(chartValues(client, 'all')).toEqual(['98', '87']);
    expect(chartValues(client, 'week')).toEqual(['98', '87']);
  });

  it('takes a deleted reading off the chart, and draws a stored one', () => {
    const older = aReading('SPO2Value', '98', { takenAt: hoursAgo(30) });
    const newest = aReading('SPO2Value', '97', { takenAt: hoursAgo(5) });
    const client = withCharts([older, newest]);

    showChangedReading(client, { deleted: newest });
    showStoredReading(client, aReading('SPO2Value', '91', { takenAt: hoursAgo(1) }));

    expect(chartValues(client, 'all')).toEqual(['98', '91']);
  });

  it('moves a reading whose time was corrected to its place, and off a period it left', () => {
    const oldest = aReading('SPO2Value', '95', { takenAt: hoursAgo(24 * 10) });
    const older = aReading('SPO2Value', '91', { takenAt: hoursAgo(30) });
    const newest = aReading('SPO2Value', '97', { takenAt: hoursAgo(5) });
    const client = withCharts([oldest, older, newest]);

    showChangedReading(client, { corrected: { ...newest, takenAt: hoursAgo(24 * 9) } });

    expect(shownValues(client)).toEqual(['91', '97', '95']);
    expect(chartValues(client, 'all')).toEqual(['95', '97', '91']);
    expect(chartValues(client, 'week')).toEqual(['91']);
  });
});

describe('the week averages after a change', () => {
  const pressure = (systolic: string, diastolic: string, hours: number) =>
    aReading('Systolic', systolic, { minTagValue: diastolic, takenAt: hoursAgo(hours) });

  function clientWithPressure(readings: ReturnType<typeof aReading>[]) {
    const client = new QueryClient();
    client.setQueryData(profileQueryKey, aProfile());
    client.setQueryData(analysisQueryKey, analysisOf(readings));
    return client;
  }
  const week = (client: QueryClient) =>
    client.getQueryData<AnalysisResponse>(analysisQueryKey)?.bloodPressureWeek;

  it('leaves out the server’s average once a reading of the week changed, until the refresh', () => {
    const earlier = pressure('118', '76', 30);
    const newest = pressure('120', '78', 5);
    const client = clientWithPressure([earlier, newest]);
    expect(week(client)).toMatchObject({ count: 2 });

    showChangedReading(client, { corrected: { ...newest, tagValue: '185', minTagValue: '125' } });

    expect(week(client)).toBeNull();
  });

  it('leaves it out after a deletion in the week, with no history kept on the device', () => {
    const earlier = pressure('160', '100', 30);
    const newest = pressure('120', '78', 5);
    const client = clientWithPressure([earlier, newest]);

    showChangedReading(client, { deleted: earlier });

    expect(week(client)).toBeNull();
  });

  it('keeps it when the change is older than the week', () => {
    const old = pressure('150', '95', 24 * 20);
    const newest = pressure('120', '78', 5);
    const client = clientWithPressure([old, newest]);

    showChangedReading(client, { deleted: old });

    expect(week(client)).toEqual(analysisOf([old, newest]).bloodPressureWeek);
  });
});
