import {
  normaliseReading,
  PULSE_WITH_TAG,
  type HealthReadingRequest,
  type NormalisedReading,
} from './records.contract.ts';

/**
 * The pulse a blood pressure monitor showed, sent as `Pulse` with a Systolic reading, as the
 * reading of its own that is stored beside the pressure: the same device and note, taken at the
 * pressure's moment (the server stores both with one time). Null when no pulse came with it.
 *
 * One function for the three places that need it (docs/decisions/0035-offline-readings.md): the
 * server stores it, and the web app rates it while it is typed and while it waits to be sent, so
 * a pulse of 35 typed with a pressure is never left unrated. Its output is part of an idempotent
 * request's fingerprint (docs/decisions/0033-idempotent-readings.md): a change to what it builds
 * makes a retry of a reading sent before the change answer 422.
 */
export function pulseBesidePressure(request: HealthReadingRequest): NormalisedReading | null {
  const pulse = request.Pulse;
  if (request.Tag !== PULSE_WITH_TAG || pulse === null || pulse === undefined) return null;
  if (String(pulse).trim() === '') return null;
  return normaliseReading({
    Tag: 'Pulse Value',
    TagValue: pulse,
    DirectFromDevice: request.DirectFromDevice ?? null,
    Device: request.Device ?? null,
    Note: request.Note ?? null,
  });
}
