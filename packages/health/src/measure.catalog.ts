// The nine measures: the ids the code and the analysis use, the slugs of the web route
// /healths/{slug}, the names people read, and the units readings are stored in.

export const MEASURE_IDS = [
  'oxygen',
  'sugar',
  'bmi',
  'mood',
  'pulse',
  'bloodPressure',
  'breathing',
  'temperature',
  'cholesterol',
] as const;

export type MeasureId = (typeof MEASURE_IDS)[number];

export interface Measure {
  readonly id: MeasureId;
  readonly slug: string;
  readonly displayName: string;
  /** Canonical unit of the stored value; null for mood, which is a word. */
  readonly unit: string | null;
}

export const MEASURES: Readonly<Record<MeasureId, Measure>> = {
  oxygen: { id: 'oxygen', slug: 'oxygen', displayName: 'Oxygen saturation', unit: '%' },
  sugar: { id: 'sugar', slug: 'blood-sugar', displayName: 'Blood sugar', unit: 'mg/dL' },
  bmi: { id: 'bmi', slug: 'bmi', displayName: 'BMI', unit: 'kg/m²' },
  mood: { id: 'mood', slug: 'mood', displayName: 'Mood', unit: null },
  pulse: { id: 'pulse', slug: 'pulse', displayName: 'Pulse', unit: 'bpm' },
  bloodPressure: {
    id: 'bloodPressure',
    slug: 'blood-pressure',
    displayName: 'Blood pressure',
    unit: 'mmHg',
  },
  breathing: {
    id: 'breathing',
    slug: 'breathing',
    displayName: 'Breathing',
    unit: '% of predicted',
  },
  temperature: { id: 'temperature', slug: 'temperature', displayName: 'Temperature', unit: '°C' },
  cholesterol: {
    id: 'cholesterol',
    slug: 'cholesterol',
    displayName: 'Cholesterol',
    unit: 'mg/dL',
  },
};

export function isMeasureId(value: unknown): value is MeasureId {
  return typeof value === 'string' && (MEASURE_IDS as readonly string[]).includes(value);
}

/** The measure a /healths/{slug} route names, or undefined for an unknown slug. */
export function measureIdFromSlug(slug: unknown): MeasureId | undefined {
  return MEASURE_IDS.find((id) => MEASURES[id].slug === slug);
}
