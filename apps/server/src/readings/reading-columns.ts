import type { NormalisedReading } from '@vitalia/api/records.contract';

/**
 * When a reading was taken, as it is stored: never after the moment the server received it. A
 * phone's clock may run a few minutes ahead (the contract allows CLOCK_SKEW_MS), and a reading
 * stamped in the future would stay 'newest' over every reading recorded after it, hiding an urgent
 * one (docs/clinical-reference.md, 'Urgency'). Without a time, it is the moment received.
 */
export function takenNoLaterThan(takenAt: string | null | undefined, received: Date): Date {
  if (!takenAt) return received;
  const taken = new Date(takenAt);
  return taken.getTime() > received.getTime() ? received : taken;
}

/**
 * The health_records columns a normalised reading fills, in one place for every writer: recording
 * and correcting (features/records, through readings.repository.ts) and importing (readings.queries.ts).
 */
export function readingColumns(reading: NormalisedReading) {
  return {
    tag: reading.tag,
    tagValue: reading.tagValue,
    minTag: reading.minTag,
    minTagValue: reading.minTagValue,
    narration: reading.narration,
    device: reading.device,
    report: reading.report,
    note: reading.note,
    weight: reading.weight,
    directFromDevice: reading.directFromDevice,
    enteredValue: reading.enteredValue,
    enteredUnit: reading.enteredUnit,
  };
}
