import type { NormalisedReading } from '@vitalia/api/records.contract';

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
