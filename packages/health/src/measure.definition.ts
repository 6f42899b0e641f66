// What the whole system knows about one measure, in one place (docs/decisions/0044-one-measure-one-definition.md).
// Each measure's own module (`<name>.measure.ts`) exports its definition; measure.catalog.ts lists
// them, and everything keyed by measure elsewhere (the contract's tags and rules, the import's
// column roles and guesses, the FHIR codes, the web's fields and chart bands, the clinical
// reference, the score's denominator) is built from that list. A definition's words are messages:
// a stable key with its English text, so that a language can be added without touching a rule.
import type { Analysis } from './analysis.model.ts';
import type { BandTable } from './band.model.ts';
import type { MeasureId } from './measure.catalog.ts';
import type { ParsedProfile, ParsedReading } from './reading.typed.ts';
import type { ReadingLimit } from './measurement-limits.catalog.ts';
import type { SourceId } from './source.catalog.ts';
import type { UrgencyRule } from './urgency.rules.ts';

/** Words shown to a person: a key for the catalogue of a language, and the English words. */
export interface Message {
  readonly key: string;
  readonly en: string;
}

export function message(key: string, en: string): Message {
  return { key, en };
}

/** How the wire writes the measure: its tag and how each value is checked before it is stored. */
export interface WireForm {
  /** The Tag it is written and fetched with ('SPO2Value'). */
  readonly tag: string;
  /** TagValue's limits; 'word' for a value that is one of the measure's words (mood). */
  readonly value: ReadingLimit | 'word';
  /** MinTagValue for a two-value reading; `fetchable` when its MinTag can be fetched by (FEV1). */
  readonly second: {
    readonly minTag: string;
    readonly limit: ReadingLimit;
    readonly fetchable: boolean;
  } | null;
}

/**
 * The add-reading form's field. `number` is one number in the canonical unit; the others are forms
 * of their own that the web draws by kind (a switch with a never-check, so a new kind is a compile
 * error there, not a blank dialog).
 */
export type FormField =
  | { readonly kind: 'number'; readonly label: Message; readonly helper: Message | null }
  | { readonly kind: 'number-with-unit-choice'; readonly label: Message }
  | { readonly kind: 'sugar' }
  | { readonly kind: 'bmi' }
  | { readonly kind: 'mood' }
  | { readonly kind: 'pressure' }
  | { readonly kind: 'spirometry' };

export type FormKind = FormField['kind'];

/** One line of a two-number measure on a chart: the value it draws and how it is named. */
export interface PlotLine {
  readonly part: 'value' | 'second';
  /** The line's key, which its chart bands are drawn for ('systolic', 'fev1'). */
  readonly line: string;
  /** The panel's title ('Systolic (top number)') and the line's short name ('Systolic'). */
  readonly title: Message;
  readonly label: Message;
}

/**
 * How a chart and a trend draw the measure: one number; its words on a scale, best first (the
 * last is the bottom of the scale); or two lines, in the order people read them, with the value a
 * card's line and its trend follow.
 */
export type Plot =
  | { readonly kind: 'number' }
  | { readonly kind: 'words'; readonly words: readonly string[] }
  | {
      readonly kind: 'pair';
      readonly lines: readonly [PlotLine, PlotLine];
      readonly followed: 'value' | 'second';
    };

/**
 * A word's place on its measure's scale: 1 for the last word (the bottom) up to the number of
 * words for the first, in any letter case; null for a word not on the scale.
 */
export function wordLevel(words: readonly string[], word: string): number | null {
  const index = words.findIndex((each) => each.toLowerCase() === word.trim().toLowerCase());
  return index === -1 ? null : words.length - index;
}

/** The word at a place on the scale (wordLevel's inverse); '' off the scale. */
export function wordAtLevel(words: readonly string[], level: number): string {
  return words[words.length - level] ?? '';
}

/** A coding in LOINC or in Vitalia's own code system (for what LOINC has no code for). */
export interface MeasureCoding {
  readonly system: 'loinc' | 'vitalia';
  readonly code: string;
  readonly display: string;
}

/** A UCUM unit: the code and how people write it. */
export interface UcumUnit {
  readonly code: string;
  readonly unit: string;
}

/** How the measure travels as a FHIR R4 Observation (export and import). */
export interface MeasureCodes {
  readonly category: 'vital-signs' | 'laboratory' | 'survey' | 'procedure';
  /** The R4 vital-signs profile's name ('heartrate'), or null. */
  readonly profile: string | null;
  readonly codings: readonly MeasureCoding[];
  readonly unit: UcumUnit | null;
  /** A two-value reading as components (blood pressure); null for a single value. */
  readonly components: {
    readonly value: { readonly codings: readonly MeasureCoding[]; readonly unit: UcumUnit };
    readonly second: { readonly codings: readonly MeasureCoding[]; readonly unit: UcumUnit };
  } | null;
}

/** A column of someone else's CSV that holds this measure's value, and the header words that say so. */
export interface ImportColumn {
  /** The role's name on the wire (ImportMapping), e.g. 'systolic'. */
  readonly role: string;
  /** How the import's column choice names it: 'Blood pressure: systolic (mmHg)'. */
  readonly label: Message;
  readonly part: 'value' | 'second' | 'weight';
  readonly header: RegExp;
}

export interface MeasureDefinition {
  readonly id: MeasureId;
  /** The web route /healths/{slug}. */
  readonly slug: string;
  readonly name: Message;
  /** The name's English words (name.en), as most screens read it. */
  readonly displayName: string;
  /** Canonical unit of the stored value; null for a word (mood). */
  readonly unit: string | null;
  readonly wire: WireForm;
  /** After how many days a reading is old: marked, no point, asked to be taken again. */
  readonly freshForDays: number;
  /** The document cited while the measure has no reading. */
  readonly source: SourceId;
  /**
   * Its one-number band tables (none for the rule-based pressure and the words of mood); a chart
   * shades the first unless the measure chooses its table by context (sugar, pulse).
   */
  readonly bandTables: readonly BandTable[];
  readonly urgency: readonly UrgencyRule[];
  /**
   * When the value is matched rounded (pulse to whole beats, temperature to a tenth), the urgency
   * reads it as typed too and the more urgent answer stands; null when it is matched as typed.
   */
  readonly ratedDecimals: number | null;
  /**
   * The band's answer, before the urgency layer and the age of the reading. It reads the reading
   * and the profile as parsed once at the boundary (reading.typed.ts), never the wire's fields.
   */
  readonly rate: (reading: ParsedReading, profile: ParsedProfile) => Analysis;
  /** The value the urgency rules read when it is not the canonical TagValue (sugar typed in mmol/L). */
  readonly urgencyValue?: (reading: ParsedReading) => number | null;
  /** A last touch to an urgent answer (a pulse's advice quotes the person's own value). */
  readonly afterUrgency?: (analysis: Analysis) => Analysis;
  readonly form: FormField;
  readonly plot: Plot;
  /** What the empty form asks for: 'Type your resting pulse to see what it means.' */
  readonly prompt: Message;
  /** Where people get the number, said where a first reading is offered. */
  readonly from: Message;
  readonly codes: MeasureCodes;
  readonly importColumns: readonly ImportColumn[];
  /** The slug of the demo article about the measure. */
  readonly articleSlug: string;
}

export type MeasureSpec = Omit<MeasureDefinition, 'displayName'>;

/** A definition with its English name where screens read it. */
export function defineMeasure(spec: MeasureSpec): MeasureDefinition {
  return { ...spec, displayName: spec.name.en };
}
