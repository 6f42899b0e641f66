import { describe, expect, it } from 'vitest';
import type { HealthReadingRequest } from '@vitalia/api/records.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { aReading, analysisOf } from '../../test/health-fixtures';
import { aProfile } from '../../test/identity-fixtures';
import { ratingProfileOf } from '../../readings/rating-profile';

const rating = ratingProfileOf(aProfile(), null);
import type { OutboxItem } from './outbox';
import { pendingReadingOf } from './pending-reading';
import { analysisWithWaiting, withWaitingReadings } from './waiting-readings';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

function waiting(
  measure: MeasureId,
  request: HealthReadingRequest,
  key: string,
  refusal: string | null = null,
): OutboxItem {
  return { key, owner: 'me', measure, request, savedAt: hoursAgo(0), refusal };
}

/** What the server will answer once these readings are sent: the oracle for the screens. */
function sentWith(stored: Parameters<typeof analysisOf>[0], items: readonly OutboxItem[]) {
  const { measures, readings, recent, forScaleOk, recorded } = analysisOf([
    ...stored,
    ...items.map(pendingReadingOf),
  ]);
  return { measures, readings, recent, forScaleOk, recorded };
}

/** A blood pressure of 120/78 taken an hour ago, waiting with the pulse its monitor showed. */
const pressureWaiting = (pulse: HealthReadingRequest['Pulse']) =>
  waiting(
    'bloodPressure',
    {
      Tag: 'Systolic',
      TagValue: 120,
      MinTag: 'Diastolic',
      MinTagValue: 78,
      Pulse: pulse,
      TakenAt: hoursAgo(1),
    },
    'bp',
  );

describe('the analysis with the readings waiting to send', () => {
  const stored = [
    aReading('SPO2Value', '97', { takenAt: hoursAgo(5) }),
    aReading('SPO2Value', '98', { takenAt: hoursAgo(30) }),
    aReading('Pulse Value', '70', { takenAt: hoursAgo(5) }),
  ];

  it('is what the server will answer once they are sent: rating, newest reading, line and score', () => {
    const items = [
      waiting('oxygen', { Tag: 'SPO2Value', TagValue: 95, TakenAt: hoursAgo(2) }, 'a'),
      waiting('oxygen', { Tag: 'SPO2Value', TagValue: 93, TakenAt: hoursAgo(1) }, 'b'),
      waiting('mood', { Tag: 'Mood', TagValue: 'Sad', TakenAt: hoursAgo(1) }, 'c'),
    ];
    const shown = analysisWithWaiting(analysisOf(stored), items, rating);
    const expected = sentWith(stored, items);
    expect(shown.measures.oxygen).toEqual(expected.measures.oxygen);
    expect(shown.measures.oxygen.colour).toBe('red');
    expect(shown.readings.oxygen?.tagValue).toBe('93');
    expect(shown.measures.mood).toEqual(expected.measures.mood);
    expect(shown.readings.mood?.tagValue).toBe('Sad');
    // The line gains the newest waiting reading (the one before it joins once sent).
    expect(shown.recent.oxygen.map((each) => each.value)).toEqual([98, 97, 93]);
    expect(shown.recent.mood).toEqual(expected.recent.mood);
    expect(shown.forScaleOk).toBe(expected.forScaleOk);
    expect(shown.recorded).toBe(expected.recorded);
    expect(shown.measures.pulse).toEqual(expected.measures.pulse);
  });

  it('leaves the stored reading when the waiting one was taken before it, or was refused', () => {
    const analysis = analysisOf(stored);
    const items = [
      waiting('oxygen', { Tag: 'SPO2Value', TagValue: 85, TakenAt: hoursAgo(6) }, 'older'),
      waiting('pulse', { Tag: 'Pulse Value', TagValue: 190, TakenAt: hoursAgo(1) }, 'x', 'Refused'),
    ];
    expect(analysisWithWaiting(analysis, items, rating)).toBe(analysis);
  });

  it('counts a sent reading once while it is both stored and still leaving the outbox', () => {
    const item = waiting('oxygen', { Tag: 'SPO2Value', TagValue: 95, TakenAt: hoursAgo(1) }, 's');
    // The server's copy: its own id, the same reading.
    const sent = { ...pendingReadingOf(item), id: 'server-id' };
    const analysis = analysisOf([...stored, sent]);
    const shown = analysisWithWaiting(analysis, [item], rating);
    expect(shown).toBe(analysis);
    expect(shown.recent.oxygen.map((each) => each.value)).toEqual([98, 97, 95]);
  });

  it('puts a waiting reading taken at the same time as a stored one in its place on the line', () => {
    const same = hoursAgo(1);
    const analysis = analysisOf([...stored, aReading('SPO2Value', '97', { takenAt: same })]);
    const item = waiting('oxygen', { Tag: 'SPO2Value', TagValue: 91, TakenAt: same }, 't');
    const shown = analysisWithWaiting(analysis, [item], rating);
    // The safer reading: the one just typed, red, is the measure's newest.
    expect(shown.readings.oxygen?.tagValue).toBe('91');
    expect(shown.measures.oxygen.colour).toBe('red');
    expect(shown.recent.oxygen.map((each) => each.value)).toEqual([98, 97, 91]);
  });

  it('raises the urgent banners of a waiting reading when no analysis was ever kept', () => {
    expect(withWaitingReadings(undefined, [], rating)).toBeNull();
    const source = withWaitingReadings(
      undefined,
      [waiting('oxygen', { Tag: 'SPO2Value', TagValue: 85, TakenAt: hoursAgo(1) }, 'k')],
      rating,
    );
    expect(source?.measures.oxygen.urgency).toBe('now');
    expect(source?.readings.pulse).toBeNull();
    expect(source?.emergency.number).toBe('112');
  });

  it('rates the pulse sent with a waiting blood pressure, as the server will store it', () => {
    // The pressure is fine; the pulse its monitor showed is dangerously slow.
    const item = pressureWaiting(35);
    const shown = analysisWithWaiting(analysisOf(stored), [item], rating);
    // The oracle: the two readings the server stores for it (records.routes.ts).
    const expected = analysisOf([
      ...stored,
      pendingReadingOf(item),
      aReading('Pulse Value', '35', { takenAt: hoursAgo(1) }),
    ]);
    expect(shown.readings.pulse?.tagValue).toBe('35');
    expect(shown.measures.pulse).toEqual(expected.measures.pulse);
    expect(shown.measures.pulse.urgency).toBe('now');
    expect(shown.measures.bloodPressure).toEqual(expected.measures.bloodPressure);
    expect(shown.forScaleOk).toBe(expected.forScaleOk);
    expect(shown.recorded).toBe(expected.recorded);

    // And with nothing kept on the device, the banner is raised all the same.
    expect(withWaitingReadings(undefined, [item], rating)?.measures.pulse.urgency).toBe('now');
  });

  it('adds no pulse to a waiting blood pressure sent without one', () => {
    const item = pressureWaiting('');
    const shown = analysisWithWaiting(analysisOf(stored), [item], rating);
    expect(shown.readings.pulse?.tagValue).toBe('70');
  });
});
