import { describe, expect, it } from 'vitest';
import { pulseBesidePressure } from './pressure-pulse.ts';
import type { HealthReadingRequest } from './records.contract.ts';

const pressure = (extra: Partial<HealthReadingRequest>): HealthReadingRequest => ({
  Tag: 'Systolic',
  TagValue: 120,
  MinTag: 'Diastolic',
  MinTagValue: 78,
  ...extra,
});

describe('the pulse sent with a blood pressure', () => {
  it('is a pulse reading of its own, with the pressure’s device and note, in canonical form', () => {
    const pulse = pulseBesidePressure(
      pressure({ Pulse: '35.0', Device: 'Omron M3', Note: 'left arm', DirectFromDevice: true }),
    );
    expect(pulse).toMatchObject({
      tag: 'Pulse Value',
      tagValue: '35',
      minTag: null,
      minTagValue: null,
      device: 'Omron M3',
      note: 'left arm',
      directFromDevice: true,
    });
  });

  it('is none when no pulse was typed, in any of the ways a client leaves it empty', () => {
    for (const empty of [undefined, null, '', '  ']) {
      expect(pulseBesidePressure(pressure({ Pulse: empty }))).toBeNull();
    }
  });

  it('is none beside any other reading', () => {
    expect(pulseBesidePressure({ Tag: 'Pulse Value', TagValue: 70, Pulse: 70 })).toBeNull();
  });
});
