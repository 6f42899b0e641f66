// FHIR R4 Observations read back into readings with the code table of ../fhir-codes.ts (the one the
// export writes fhir.json with): a Bundle of any type (its Observation entries; a Patient or a
// QuestionnaireResponse beside them is passed over), or NDJSON with one resource per line. An
// Observation whose code Vitalia does not track is a refused row naming the code.
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { IMPORT_MAX_ROWS } from '@vitalia/api/portability.contract';
import { badRequest } from '../../../plugins/errors.ts';
import {
  CHOLESTEROL_MGDL_PER_MMOL,
  FROM_DEVICE_EXTENSION,
  IMPORTED_FROM_EXTENSION,
  LOINC_SYSTEM,
  MEASURE_FHIR_CODES,
  moodFromCoding,
  READING_REPORT_EXTENSION,
  roleOfCode,
  sameUnit,
  SUGAR_CONTEXT_EXTENSION,
  UCUM,
} from '../fhir-codes.ts';
import {
  atEntry,
  atLine,
  tagOfMeasure,
  type ReadingFields,
  keptSource,
  type ReadingSource,
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
    return `effectiveDateTime "${when.slice(0, 30)}" is a date without a time of day: a reading needs the time it was taken (such as 2026-01-31T08:30:00+01:00)`;
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
        if (quantity && quantity.unit !== '' && !sameUnit(quantity.unit, wanted)) {
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
    fields.TagValue = numberText(quantity.number);
    if (measure === 'sugar' || measure === 'cholesterol') {
      // The unit given decides; without one, the code's (Mass/volume or Moles/volume).
      const inMgDl = sameUnit(unit, UCUM.mgPerDl);
      const inMmol = sameUnit(unit, UCUM.mmolPerL);
      if (unit !== '' && !inMgDl && !inMmol) {
        return unitProblem(measure, unit, 'mg/dL or mmol/L');
      }
      molar = unit === '' ? molar : inMmol;
      if (molar && measure === 'sugar') fields.Unit = 'mmol/L';
      if (molar && measure === 'cholesterol') {
        const mmol =
          typeof quantity.number === 'number'
            ? quantity.number
            : /^\d+(?:\.\d+)?$/.test(String(fields.TagValue).trim())
              ? Number(fields.TagValue)
              : NaN;
        if (!Number.isFinite(mmol)) return 'a cholesterol in mmol/L needs its number';
        // Kept to three decimals: the rounding cannot move a value across a band's whole-number edge.
        fields.TagValue = String(Number((mmol * CHOLESTEROL_MGDL_PER_MMOL).toFixed(3)));
      }
    } else if (codes.unit && unit !== '' && !sameUnit(unit, codes.unit)) {
      return unitProblem(measure, unit, codes.unit.code);
    }
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

/** The file an earlier import read the Observation from, as an export wrote it. */
function sourceOf(resource: Json): ReadingSource | undefined {
  const extension = listOf(resource.extension)
    .filter(isObject)
    .find((each) => each.url === IMPORTED_FROM_EXTENSION);
  if (!extension) return undefined;
  const parts = listOf(extension.extension).filter(isObject);
  const file = parts.find((part) => part.url === 'file')?.valueString;
  const format = parts.find((part) => part.url === 'format')?.valueCode;
  return typeof file === 'string' && typeof format === 'string'
    ? keptSource(file, format)
    : undefined;
}

/**
 * One resource of the file: a reading, a refusal, or nothing for a resource that is not an
 * Observation (a Patient, an entry with no resource at all), which is passed over and counted.
 */
function outcomeOf(resource: unknown, place: RowPlace): RowOutcome | undefined {
  if (!isObject(resource) || resource.resourceType !== 'Observation') return undefined;
  const reading = observationReading(resource);
  return typeof reading === 'string'
    ? { place, refused: reading }
    : { place, reading, source: sourceOf(resource) };
}

/**
 * Whose readings the file holds: Observation.subject as written (a reference, else an identifier
 * or a name), a reference to a Patient entry of the Bundle read as that Patient's id.
 */
function subjectOf(
  resource: unknown,
  patients: ReadonlyMap<string, string>,
  place: string,
): string | undefined {
  if (!isObject(resource) || resource.resourceType !== 'Observation') return undefined;
  const subject = resource.subject;
  if (!isObject(subject)) return NO_SUBJECT;
  if (typeof subject.reference === 'string' && subject.reference.trim() !== '') {
    const reference = subject.reference.trim();
    // '#p1' names a Patient contained in this resource only: the same words in another
    // Observation may be someone else. Read by the contained Patient's identifier, else it is
    // a person of its own.
    if (reference.startsWith('#')) {
      const contained = listOf(resource.contained)
        .filter(isObject)
        .find((each) => each.resourceType === 'Patient' && `#${String(each.id)}` === reference);
      const identifier = contained ? listOf(contained.identifier).find(isObject) : undefined;
      return identifier && typeof identifier.value === 'string'
        ? `${String(identifier.system ?? '')}|${identifier.value}`
        : `${reference} (${place})`;
    }
    return patients.get(reference) ?? reference;
  }
  const identifier = subject.identifier;
  if (isObject(identifier) && typeof identifier.value === 'string') {
    return `${String(identifier.system ?? '')}|${identifier.value}`;
  }
  return typeof subject.display === 'string' ? subject.display : NO_SUBJECT;
}

/** The subject of an Observation that names nobody. */
const NO_SUBJECT = 'an Observation that names no subject';

/**
 * Refuses a file of more than one person's readings: importing them would merge strangers'
 * readings into this account. Names the first few subjects so the person can split the file.
 */
function oneSubject(subjects: ReadonlySet<string>): void {
  // Readings that name nobody are one person's only when every reading names nobody: beside
  // readings that name someone, they may be anyone's.
  if (subjects.size <= 1) return;
  const named = [...subjects].slice(0, 4).map((subject) => `"${subject.slice(0, 60)}"`);
  throw badRequest({
    code: 'IMPORT_MANY_SUBJECTS',
    message: `This file holds the readings of ${subjects.size} people (${named.join(', ')}${subjects.size > 4 ? ', ...' : ''}): Vitalia imports one person's readings into their own account. Export one person's readings, or split the file by subject.`,
  });
}

const notJson = (message: string) => badRequest({ code: 'IMPORT_BAD_JSON', message });

/** No FHIR resource nests deeper than this; a file that does is not one, whatever it holds. */
export const MAX_JSON_DEPTH = 64;

/**
 * Refuses JSON nested deeper than MAX_JSON_DEPTH before it is parsed: a file of sixteen million
 * '[' would otherwise take a parser gigabytes and seconds. One pass over the text, counting
 * brackets outside strings.
 */
export function checkJsonDepth(text: string, where = 'The file'): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
      continue;
    }
    if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) {
        throw notJson(
          `${where} is nested more than ${MAX_JSON_DEPTH} levels deep: no FHIR resource is. Check that it is the export itself.`,
        );
      }
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
}

/** A Bundle's Observations; the file must be a JSON Bundle. */
export interface FhirRows {
  outcomes: RowOutcome[];
  rows: number;
  /** Entries that are not readings: a Patient, a transaction response, a DELETE. */
  passedOver: number;
}

export function bundleRows(text: string): FhirRows {
  checkJsonDepth(text);
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
  const resources = entries.map((entry) => (isObject(entry) ? entry.resource : undefined));
  const patients = new Map<string, string>();
  entries.forEach((entry, index) => {
    const resource = resources[index];
    if (!isObject(entry) || !isObject(resource) || resource.resourceType !== 'Patient') return;
    if (typeof resource.id !== 'string') return;
    const id = `Patient/${resource.id}`;
    patients.set(id, id);
    if (typeof entry.fullUrl === 'string') patients.set(entry.fullUrl, id);
  });
  const subjects = new Set<string>();
  resources.forEach((resource, index) => {
    const subject = subjectOf(resource, patients, `entry ${index}`);
    if (subject !== undefined) subjects.add(subject);
  });
  oneSubject(subjects);
  const outcomes: RowOutcome[] = [];
  let passedOver = 0;
  resources.forEach((resource, index) => {
    const outcome = outcomeOf(resource, atEntry(index));
    if (outcome) outcomes.push(outcome);
    else passedOver += 1;
  });
  if (outcomes.length === 0) {
    throw badRequest({
      code: 'IMPORT_NO_ROWS',
      message: 'The Bundle holds no Observation: there is nothing to import.',
    });
  }
  return { outcomes, rows: entries.length, passedOver };
}

/** NDJSON: one resource per line; a line that is not JSON is a refused row. */
export function ndjsonRows(text: string): FhirRows {
  const lines = text.split(/\r?\n/);
  const outcomes: RowOutcome[] = [];
  const subjects = new Set<string>();
  const noPatients = new Map<string, string>();
  let rows = 0;
  let passedOver = 0;
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    rows += 1;
    if (rows > IMPORT_MAX_ROWS) throw tooManyRows();
    const place = atLine(index + 1);
    checkJsonDepth(line, `Line ${index + 1}`);
    let resource: unknown;
    try {
      resource = JSON.parse(line);
    } catch {
      outcomes.push({ place, refused: 'the line is not valid JSON' });
      continue;
    }
    const subject = subjectOf(resource, noPatients, `line ${index + 1}`);
    if (subject !== undefined) subjects.add(subject);
    const outcome = outcomeOf(resource, place);
    if (outcome) outcomes.push(outcome);
    else passedOver += 1;
  }
  oneSubject(subjects);
  if (outcomes.length === 0) {
    throw badRequest({
      code: 'IMPORT_NO_ROWS',
      message: 'The file holds no Observation: there is nothing to import.',
    });
  }
  return { outcomes, rows, passedOver };
}
