// FHIR R4 Observations read back into readings with the code table of ../fhir-codes.ts (the one the
// export writes fhir.json with): a Bundle of any type (its Observation entries; a Patient or a
// QuestionnaireResponse beside them is passed over), or NDJSON with one resource per line. An
// Observation whose code Vitalia does not track is a refused row naming the code.
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { IMPORT_MAX_ROWS } from '@vitalia/api/portability.contract';
import { badRequest } from '../../../plugins/errors.ts';
import {
  FROM_DEVICE_EXTENSION,
  LOINC_SYSTEM,
  MEASURE_FHIR_CODES,
  moodFromCoding,
  READING_REPORT_EXTENSION,
  roleOfCode,
  SUGAR_CONTEXT_EXTENSION,
  UCUM,
} from '../fhir-codes.ts';
import {
  atEntry,
  atLine,
  tagOfMeasure,
  type ReadingFields,
  type RowOutcome,
  type RowPlace,
} from './import-rows.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const codingsOf = (concept: unknown): Json[] =>
  isObject(concept) ? listOf(concept.coding).filter(isObject) : [];

const tooManyRows = () =>
  badRequest({
    code: 'IMPORT_TOO_MANY_ROWS',
    message: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} entries, the most one import takes. Split it into smaller files.`,
  });

/** How a code is named in a refusal: 'LOINC 1234-5', or 'code x of system y'. */
function codeName(coding: Json | undefined): string {
  if (!coding) return 'an Observation without a code';
  const code = String(coding.code ?? '').slice(0, 40);
  if (coding.system === LOINC_SYSTEM) return `LOINC ${code}`;
  return `code ${code} of ${String(coding.system ?? 'no system').slice(0, 80)}`;
}

/** A number from a Quantity, with its UCUM code (or unit text). */
function quantityOf(value: unknown): { number: unknown; unit: string } | undefined {
  if (!isObject(value)) return undefined;
  return {
    number: value.value,
    unit: String(value.code ?? value.unit ?? '').trim(),
  };
}

function unitProblem(measure: MeasureId, given: string, wanted: string): string {
  return `unit "${given.slice(0, 20)}" is not ${wanted}, the unit Vitalia keeps ${measure} in`;
}

const numberText = (value: unknown) =>
  typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';

function observationReading(resource: Json): ReadingFields | string {
  const codings = codingsOf(resource.code);
  let measure: MeasureId | undefined;
  let molar = false;
  for (const coding of codings) {
    const role = roleOfCode(coding.system, coding.code);
    if (role?.kind === 'reading') {
      measure = role.measure;
      molar = role.molar;
      break;
    }
  }
  if (measure === undefined) {
    return `${codeName(codings[0])} is not a measure Vitalia tracks`;
  }
  const status = String(resource.status ?? '');
  if (['entered-in-error', 'cancelled'].includes(status)) {
    return `its status is ${status}: it is not a reading`;
  }
  const when =
    resource.effectiveDateTime ??
    resource.effectiveInstant ??
    (isObject(resource.effectivePeriod) ? resource.effectivePeriod.start : undefined);
  if (typeof when !== 'string' || when.trim() === '') {
    return 'it has no effectiveDateTime: every reading needs the time it was taken';
  }
  if (!/T/.test(when)) {
    return `effectiveDateTime "${when.slice(0, 30)}" is a date without a time of day`;
  }
  const codes = MEASURE_FHIR_CODES[measure];
  const fields: ReadingFields = { Tag: tagOfMeasure(measure)!, TagValue: '', TakenAt: when };
  if (measure === 'mood') {
    const concept = resource.valueCodeableConcept;
    const word =
      codingsOf(concept)
        .map((coding) => moodFromCoding(coding.system, coding.code))
        .find((each) => each !== undefined) ??
      (isObject(concept) && typeof concept.text === 'string' ? concept.text : undefined) ??
      (typeof resource.valueString === 'string' ? resource.valueString : undefined);
    if (word === undefined) return 'a mood needs its word (valueCodeableConcept)';
    fields.TagValue = word;
  } else if (codes.components) {
    const parts: Record<'value' | 'second', unknown> = { value: undefined, second: undefined };
    for (const component of listOf(resource.component).filter(isObject)) {
      for (const coding of codingsOf(component.code)) {
        const role = roleOfCode(coding.system, coding.code);
        if (role?.kind !== 'component' || role.measure !== measure) continue;
        const quantity = quantityOf(component.valueQuantity);
        const wanted = codes.components[role.part].unit;
        if (
          quantity &&
          quantity.unit !== '' &&
          quantity.unit !== wanted.code &&
          quantity.unit !== wanted.unit
        ) {
          return unitProblem(measure, quantity.unit, wanted.code);
        }
        parts[role.part] = quantity?.number ?? component.valueString;
      }
    }
    fields.TagValue = numberText(parts.value);
    fields.MinTagValue = numberText(parts.second) || null;
    if (fields.TagValue === '')
      return `the ${measure === 'bloodPressure' ? 'systolic' : 'FEV2'} component is missing`;
  } else {
    const quantity = quantityOf(resource.valueQuantity);
    if (!quantity) return 'it has no valueQuantity';
    const unit = quantity.unit;
    if (measure === 'sugar') {
      molar = molar ? unit !== UCUM.mgPerDl.code : unit === UCUM.mmolPerL.code;
      if (unit !== '' && unit !== UCUM.mgPerDl.code && unit !== UCUM.mmolPerL.code) {
        return unitProblem(measure, unit, 'mg/dL or mmol/L');
      }
      if (molar) fields.Unit = 'mmol/L';
    } else if (codes.unit && unit !== '' && unit !== codes.unit.code && unit !== codes.unit.unit) {
      return unitProblem(measure, unit, codes.unit.code);
    }
    fields.TagValue = numberText(quantity.number);
    if (measure === 'bmi') {
      for (const component of listOf(resource.component).filter(isObject)) {
        const weight = codingsOf(component.code).some(
          (coding) => roleOfCode(coding.system, coding.code)?.kind === 'bmi-weight',
        );
        if (weight) fields.Weight = numberText(quantityOf(component.valueQuantity)?.number) || null;
      }
    }
  }
  for (const extension of listOf(resource.extension).filter(isObject)) {
    if (extension.url === SUGAR_CONTEXT_EXTENSION && typeof extension.valueString === 'string') {
      fields.Narration = extension.valueString;
    }
    if (extension.url === READING_REPORT_EXTENSION && typeof extension.valueString === 'string') {
      fields.Report = extension.valueString;
    }
    if (extension.url === FROM_DEVICE_EXTENSION && extension.valueBoolean === true) {
      fields.DirectFromDevice = true;
    }
  }
  const notes = listOf(resource.note)
    .filter(isObject)
    .map((note) => note.text)
    .filter((text): text is string => typeof text === 'string' && text.trim() !== '');
  if (notes.length > 0) fields.Note = notes.join('\n');
  if (isObject(resource.device) && typeof resource.device.display === 'string') {
    fields.Device = resource.device.display;
  }
  return fields;
}

/** One resource of the file: a reading, a refusal, or nothing for a resource that is not an Observation. */
function outcomeOf(resource: unknown, place: RowPlace): RowOutcome | undefined {
  if (!isObject(resource)) return { place, refused: 'it is not a FHIR resource (a JSON object)' };
  if (resource.resourceType !== 'Observation') return undefined;
  const reading = observationReading(resource);
  return typeof reading === 'string' ? { place, refused: reading } : { place, reading };
}

const notJson = (message: string) => badRequest({ code: 'IMPORT_BAD_JSON', message });

/** A Bundle's Observations; the file must be a JSON Bundle. */
export function bundleRows(text: string): { outcomes: RowOutcome[]; rows: number } {
  let bundle: unknown;
  try {
    bundle = JSON.parse(text);
  } catch {
    throw notJson(
      'The file is not valid JSON: a FHIR Bundle is one JSON object. Check that the file is complete.',
    );
  }
  if (!isObject(bundle) || bundle.resourceType !== 'Bundle') {
    const kind =
      isObject(bundle) && typeof bundle.resourceType === 'string'
        ? `a ${bundle.resourceType.slice(0, 40)}`
        : 'not a FHIR resource';
    throw notJson(
      `This JSON is ${kind}: Vitalia imports a FHIR R4 Bundle (resourceType "Bundle") of Observations.`,
    );
  }
  const entries = listOf(bundle.entry);
  if (entries.length > IMPORT_MAX_ROWS) throw tooManyRows();
  const outcomes: RowOutcome[] = [];
  entries.forEach((entry, index) => {
    const outcome = outcomeOf(isObject(entry) ? entry.resource : undefined, atEntry(index));
    if (outcome) outcomes.push(outcome);
  });
  if (outcomes.length === 0) {
    throw badRequest({
      code: 'IMPORT_NO_ROWS',
      message: 'The Bundle holds no Observation: there is nothing to import.',
    });
  }
  return { outcomes, rows: entries.length };
}

/** NDJSON: one resource per line; a line that is not JSON is a refused row. */
export function ndjsonRows(text: string): { outcomes: RowOutcome[]; rows: number } {
  const lines = text.split(/\r?\n/);
  const outcomes: RowOutcome[] = [];
  let rows = 0;
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    rows += 1;
    if (rows > IMPORT_MAX_ROWS) throw tooManyRows();
    const place = atLine(index + 1);
    let resource: unknown;
    try {
      resource = JSON.parse(line);
    } catch {
      outcomes.push({ place, refused: 'the line is not valid JSON' });
      continue;
    }
    const outcome = outcomeOf(resource, place);
    if (outcome) outcomes.push(outcome);
  }
  if (outcomes.length === 0) {
    throw badRequest({
      code: 'IMPORT_NO_ROWS',
      message: 'The file holds no Observation: there is nothing to import.',
    });
  }
  return { outcomes, rows };
}
