// How Vitalia's measures are written as FHIR R4 Observations, and read back: LOINC codes,
// UCUM units, the vital-signs profiles, the categories, Vitalia's own code systems (mood, and the
// two values LOINC has no code for) and the HL7 interpretation codes for the interpreter's bands.
// The export writes fhir.json with this table and the import reads Observations back with it, so
// both directions agree (docs/data-export.md is the format reference; docs/decisions/0030-data-export.md
// the reasoning).
//
// Sources of the codes:
// - LOINC codes and their displays: the code pages at https://loinc.org/<code>/ (LOINC 2.7x).
// - Vital-signs profiles, the codes they require and their UCUM units: the FHIR R4 vital-signs
//   profile, https://hl7.org/fhir/R4/observation-vitalsigns.html (table "Vital Signs").
// - Categories: http://terminology.hl7.org/CodeSystem/observation-category (FHIR R4).
// - Interpretation codes: http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation.
import { MEASURE_LIST, type MeasureId } from '@vitalia/health/measure.catalog';
import type { MeasureCoding } from '@vitalia/health/measure.definition';
import type { MoodValue } from '@vitalia/health/mood.measure';

export const LOINC_SYSTEM = 'http://loinc.org';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
export const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const INTERPRETATION_SYSTEM =
  'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';

/**
 * Vitalia's own code systems. Canonical URLs are names, not addresses to fetch, and must not change
 * with the deployment (an archive from one server is read by another), so they are fixed under the
 * reserved example domain rather than built from PUBLIC_URL (docs/data-export.md, "Vitalia's codes").
 */
export const VITALIA_CODE_SYSTEM = 'https://vitalia.example/fhir/CodeSystem/observation';
export const VITALIA_MOOD_SYSTEM = 'https://vitalia.example/fhir/CodeSystem/mood';
/** Blood sugar's context (HadDiabetics, HadMeal) as an extension on the Observation, valueString. */
export const SUGAR_CONTEXT_EXTENSION =
  'https://vitalia.example/fhir/StructureDefinition/blood-sugar-context';
/** The free text an app or device sent with a reading (readings.csv report), valueString. */
export const READING_REPORT_EXTENSION =
  'https://vitalia.example/fhir/StructureDefinition/reading-report';
/**
 * Where an imported reading came from (readings.csv imported_from and import_format): a complex
 * extension with `file` (valueString, the file's name) and `format` (valueCode: vitalia-csv, csv,
 * fhir-bundle, fhir-ndjson). Read back, it keeps a reading's first source through a round trip.
 */
export const IMPORTED_FROM_EXTENSION =
  'https://vitalia.example/fhir/StructureDefinition/imported-from';
/** true on an Observation a device sent itself (readings.csv from_device), valueBoolean. */
export const FROM_DEVICE_EXTENSION =
  'https://vitalia.example/fhir/StructureDefinition/sent-by-device';

export type ObservationCategory = 'vital-signs' | 'laboratory' | 'survey' | 'procedure';

export const CATEGORY_DISPLAY: Readonly<Record<ObservationCategory, string>> = {
  'vital-signs': 'Vital Signs',
  laboratory: 'Laboratory',
  survey: 'Survey',
  procedure: 'Procedure',
};

export interface FhirCoding {
  readonly system: string;
  readonly code: string;
  readonly display: string;
}

/** A UCUM unit: `code` is what machines read, `unit` what people read. */
export interface FhirUnit {
  readonly code: string;
  readonly unit: string;
}

/** One number of a measure: its codes and its unit (the whole value, or one component). */
export interface FhirQuantityCode {
  readonly codings: readonly FhirCoding[];
  readonly unit: FhirUnit;
}

export interface MeasureFhirCodes {
  readonly measure: MeasureId;
  readonly category: ObservationCategory;
  /** The FHIR R4 vital-signs profile the Observation claims, or null where none applies. */
  readonly profile: string | null;
  /** Observation.code. */
  readonly codings: readonly FhirCoding[];
  /** Observation.valueQuantity's unit; null when the value sits in components (or mood's word). */
  readonly unit: FhirUnit | null;
  /**
   * For two-value measures: Observation.component, `value` first (systolic, FEV2) then `second`
   * (diastolic, FEV1). Null for one-value measures.
   */
  readonly components: {
    readonly value: FhirQuantityCode;
    readonly second: FhirQuantityCode;
  } | null;
}

const loinc = (code: string, display: string): FhirCoding => ({
  system: LOINC_SYSTEM,
  code,
  display,
});

const VITAL_SIGNS_PROFILE = 'http://hl7.org/fhir/StructureDefinition/';

// UCUM: "%" percent, "/min" per minute, "mm[Hg]" millimetre of mercury, "Cel" degree Celsius,
// "kg/m2", "kg", "mg/dL", "mmol/L" (https://ucum.org/ucum; the units the R4 vital-signs profile lists).
export const UCUM = {
  percent: { code: '%', unit: '%' },
  perMinute: { code: '/min', unit: 'beats/minute' },
  mmHg: { code: 'mm[Hg]', unit: 'mmHg' },
  celsius: { code: 'Cel', unit: '°C' },
  kgPerM2: { code: 'kg/m2', unit: 'kg/m2' },
  kg: { code: 'kg', unit: 'kg' },
  mgPerDl: { code: 'mg/dL', unit: 'mg/dL' },
  mmolPerL: { code: 'mmol/L', unit: 'mmol/L' },
} as const satisfies Record<string, FhirUnit>;

/**
 * A unit as UCUM compares it, for the units of Vitalia's measures: an annotation in braces is a
 * unit of one ({beats}/min is /min, and 1/min is /min), the case-insensitive form is the same unit
 * (mg/dl, MMOL/L), and the names people write beside the codes (mmHg, °C, bpm) are read as their
 * codes (https://ucum.org/ucum, sections 2.2 "case insensitive" and 2.5 "curly braces").
 */
export function ucumKey(unit: string): string {
  let key = unit
    .trim()
    .replace(/\{[^}]*\}/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();
  if (key === '') key = '1';
  key = key.replace(/^1\//, '/');
  const aliases: Record<string, string> = {
    bpm: '/min',
    'beats/min': '/min',
    'beats/minute': '/min',
    'breaths/min': '/min',
    'min-1': '/min',
    '°c': 'cel',
    degc: 'cel',
    mmhg: 'mm[hg]',
    'kg/m^2': 'kg/m2',
    'kg/m²': 'kg/m2',
    percent: '%',
  };
  return aliases[key] ?? key;
}

/** True when two units are the same unit as UCUM compares them (ucumKey). */
export function sameUnit(given: string, wanted: FhirUnit): boolean {
  const key = ucumKey(given);
  return key === ucumKey(wanted.code) || key === ucumKey(wanted.unit);
}

/**
 * Total cholesterol from mmol/L to mg/dL: the molar mass of cholesterol (C27H46O, 386.65 g/mol,
 * PubChem CID 5997) gives 38.67 mg/dL per mmol/L, the factor laboratories use.
 */
export const CHOLESTEROL_MGDL_PER_MMOL = 38.67;

/** Blood glucose typed in mmol/L: loinc.org/15074-8 (Moles/volume). The mg/dL code is in the table. */
export const GLUCOSE_MOLAR: FhirQuantityCode = {
  codings: [loinc('15074-8', 'Glucose [Moles/volume] in Blood')],
  unit: UCUM.mmolPerL,
};

/**
 * The weight a BMI was worked out from: loinc.org/29463-7 "Body weight", in kg; the R4 bodyweight
 * profile's code. Written as a component of the BMI Observation (one Observation per reading, and
 * the import reads the pair back together); docs/decisions/0030-data-export.md says why.
 */
export const BODY_WEIGHT: FhirQuantityCode = {
  codings: [loinc('29463-7', 'Body weight')],
  unit: UCUM.kg,
};
export const BODY_WEIGHT_PROFILE = `${VITAL_SIGNS_PROFILE}bodyweight`;

const CODE_SYSTEMS: Readonly<Record<MeasureCoding['system'], string>> = {
  loinc: LOINC_SYSTEM,
  vitalia: VITALIA_CODE_SYSTEM,
};

function codingsOf(codings: readonly MeasureCoding[]): FhirCoding[] {
  return codings.map(({ system, code, display }) => ({
    system: CODE_SYSTEMS[system],
    code,
    display,
  }));
}

/** Each measure's codes, from its definition (packages/health, `codes`: LOINC, UCUM, profile). */
export const MEASURE_FHIR_CODES = Object.fromEntries(
  MEASURE_LIST.map(({ id, codes }): [MeasureId, MeasureFhirCodes] => [
    id,
    {
      measure: id,
      category: codes.category,
      profile: codes.profile === null ? null : `${VITAL_SIGNS_PROFILE}${codes.profile}`,
      codings: codingsOf(codes.codings),
      unit: codes.unit,
      components: codes.components && {
        value: {
          codings: codingsOf(codes.components.value.codings),
          unit: codes.components.value.unit,
        },
        second: {
          codings: codingsOf(codes.components.second.codings),
          unit: codes.components.second.unit,
        },
      },
    },
  ]),
) as Readonly<Record<MeasureId, MeasureFhirCodes>>;

/** The codes of one measure. */
export function fhirCodesOf(measure: MeasureId): MeasureFhirCodes {
  return MEASURE_FHIR_CODES[measure];
}

/** Mood's words as codes of VITALIA_MOOD_SYSTEM. */
export const MOOD_CODES: Readonly<Record<MoodValue, FhirCoding>> = {
  Happy: { system: VITALIA_MOOD_SYSTEM, code: 'happy', display: 'Happy' },
  Neutral: { system: VITALIA_MOOD_SYSTEM, code: 'neutral', display: 'Neutral' },
  Sad: { system: VITALIA_MOOD_SYSTEM, code: 'sad', display: 'Sad' },
  'Very Sad': { system: VITALIA_MOOD_SYSTEM, code: 'very-sad', display: 'Very Sad' },
};

/** The mood word a coding names, or undefined. */
export function moodFromCoding(system: unknown, code: unknown): MoodValue | undefined {
  if (system !== VITALIA_MOOD_SYSTEM) return undefined;
  const found = Object.entries(MOOD_CODES).find(([, coding]) => coding.code === code);
  return found?.[0] as MoodValue | undefined;
}

/** What a code found on an Observation (or one of its components) stands for in Vitalia. */
export type CodeRole =
  | {
      readonly kind: 'reading';
      readonly measure: MeasureId;
      readonly unit: FhirUnit | null;
      /**
       * A Moles/volume code: a sugar in mmol/L (15074-8), the value as typed, converted to mg/dL
       * when stored; a cholesterol in mmol/L (14647-2), converted to mg/dL as it is read.
       */
      readonly molar: boolean;
    }
  | { readonly kind: 'component'; readonly measure: MeasureId; readonly part: 'value' | 'second' }
  | { readonly kind: 'bmi-weight' };

/**
 * Codes other systems write for a measure Vitalia tracks, read by the import beside the table's
 * own (the export writes only the table's). From the code pages at https://loinc.org/<code>/:
 * 41653-7 Glucose [Mass/volume] in Capillary blood by Glucometer, 2345-7 Glucose [Mass/volume] in
 * Serum or Plasma, 14749-6 Glucose [Moles/volume] in Serum or Plasma, 8889-8 Heart rate by Pulse
 * oximetry, 14647-2 Cholesterol [Moles/volume] in Serum or Plasma.
 */
const READ_ALSO: ReadonlyArray<{ code: string; measure: MeasureId; molar: boolean }> = [
  { code: '41653-7', measure: 'sugar', molar: false },
  { code: '2345-7', measure: 'sugar', molar: false },
  { code: '14749-6', measure: 'sugar', molar: true },
  { code: '8889-8', measure: 'pulse', molar: false },
  { code: '14647-2', measure: 'cholesterol', molar: true },
];

const codeKey = (system: string, code: string) => `${system}|${code}`;

function buildCodeIndex(): ReadonlyMap<string, CodeRole> {
  const index = new Map<string, CodeRole>();
  for (const entry of Object.values(MEASURE_FHIR_CODES)) {
    for (const coding of entry.codings) {
      index.set(codeKey(coding.system, coding.code), {
        kind: 'reading',
        measure: entry.measure,
        unit: entry.unit,
        molar: false,
      });
    }
    if (entry.components) {
      for (const part of ['value', 'second'] as const) {
        for (const coding of entry.components[part].codings) {
          index.set(codeKey(coding.system, coding.code), {
            kind: 'component',
            measure: entry.measure,
            part,
          });
        }
      }
    }
  }
  for (const coding of GLUCOSE_MOLAR.codings) {
    index.set(codeKey(coding.system, coding.code), {
      kind: 'reading',
      measure: 'sugar',
      unit: GLUCOSE_MOLAR.unit,
      molar: true,
    });
  }
  for (const coding of BODY_WEIGHT.codings) {
    index.set(codeKey(coding.system, coding.code), { kind: 'bmi-weight' });
  }
  for (const { code, measure, molar } of READ_ALSO) {
    const unit = molar ? UCUM.mmolPerL : (MEASURE_FHIR_CODES[measure].unit ?? null);
    index.set(codeKey(LOINC_SYSTEM, code), { kind: 'reading', measure, unit, molar });
  }
  return index;
}

const CODE_INDEX = buildCodeIndex();

/**
 * What a coding stands for: a measure's Observation.code (`reading`), one number of a two-value
 * measure (`component`: systolic/diastolic, FEV2/FEV1), or a BMI's weight. Undefined for a code
 * Vitalia does not read. The import tries each coding of Observation.code in turn.
 */
export function roleOfCode(system: unknown, code: unknown): CodeRole | undefined {
  if (typeof system !== 'string' || typeof code !== 'string') return undefined;
  return CODE_INDEX.get(codeKey(system, code.trim()));
}

/** The measure an Observation.code's codings name, trying each; undefined when none is known. */
export function measureOfCodings(
  codings: readonly { system?: unknown; code?: unknown }[] | undefined,
): MeasureId | undefined {
  for (const coding of codings ?? []) {
    const role = roleOfCode(coding.system, coding.code);
    if (role?.kind === 'reading') return role.measure;
  }
  return undefined;
}

// --- Interpretation ----------------------------------------------------------------------------

export type InterpretationCode = 'N' | 'L' | 'H' | 'LL' | 'HH' | 'A';

export const INTERPRETATION_DISPLAY: Readonly<Record<InterpretationCode, string>> = {
  N: 'Normal',
  L: 'Low',
  H: 'High',
  LL: 'Critical low',
  HH: 'Critical high',
  A: 'Abnormal',
};

/**
 * The interpreter's band keys (packages/health, the `key` of each band and outcome) and the HL7
 * code each is written as. Critical (LL, HH) are the bands the interpreter calls very low/high,
 * crisis, hypothermia or obese class II and III; normal-coloured bands are N; bands without a
 * direction (mood, a borderline spirometry) are A. docs/data-export.md has the whole table.
 */
export const BAND_INTERPRETATION: Readonly<Record<string, InterpretationCode>> = {
  normal: 'N',
  good: 'N',
  over: 'N', // spirometry: over 80 % of predicted
  // Resting pulse chart rows (by sex and age): the five green rows are N; the two red rows are a
  // fast resting pulse, H.
  athlete: 'N',
  excellent: 'N',
  great: 'N',
  average: 'N',
  'below-average': 'H',
  poor: 'H',
  // The clinical resting range of a pulse (its colour): 60-100 N, 101-120 H, over 120 HH, 40-59
  // and from 65 under 50 L.
  fast: 'H',
  'very-fast': 'HH',
  'under-60': 'L',
  'slow-65': 'L',
  'slightly-raised': 'H', // temperature 37.1-37.9
  'check-device': 'A', // SpO2 1-49: most often a probe error, with no direction to trust
  low: 'L',
  'below-athlete': 'L',
  underweight: 'L',
  under: 'L', // spirometry: under 80 % of predicted
  'very-low': 'LL',
  'extremely-low': 'LL',
  'dangerously-low': 'LL',
  hypothermia: 'LL',
  'severely-underweight': 'LL',
  high: 'H',
  elevated: 'H',
  'borderline-high': 'H',
  overweight: 'H',
  fever: 'H',
  'obese-1': 'H',
  'very-high': 'HH',
  'severe-high': 'HH',
  crisis: 'HH',
  'very-high-fever': 'HH',
  'obese-2': 'HH',
  'obese-3': 'HH',
  abnormal: 'A',
  borderline: 'A',
  at: 'A', // spirometry: exactly 80 %
  inconclusive: 'A',
  unhappy: 'A',
  'bad-mood': 'A',
};

/** Readings the interpreter could not rate (a number out of bounds, an unknown mood word). */
const NO_INTERPRETATION_BANDS: ReadonlySet<string> = new Set(['invalid', 'missing', 're-enter']);

/**
 * The HL7 interpretation of a rated reading: by its band key, else by its colour (green N, other
 * colours A). Undefined for a reading that could not be rated (invalid, missing, grey): no
 * interpretation is then written.
 */
export function interpretationOf(analysis: {
  readonly band: string;
  readonly colour: string;
}): FhirCoding | undefined {
  if (analysis.colour === 'grey' || NO_INTERPRETATION_BANDS.has(analysis.band)) {
    return undefined;
  }
  const code = BAND_INTERPRETATION[analysis.band] ?? (analysis.colour === 'green' ? 'N' : 'A');
  return { system: INTERPRETATION_SYSTEM, code, display: INTERPRETATION_DISPLAY[code] };
}
