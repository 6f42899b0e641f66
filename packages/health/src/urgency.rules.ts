// Urgency (docs/clinical-reference.md, 'Urgency'): a layer over the bands, computed from the numbers
// alone. It can turn a green or yellow result red and never the reverse. `now` means emergency care
// now; `today` means a doctor or clinic today. Where two written ranges leave a gap between
// integers (92 and 93 %), the gap belongs to the more urgent level.
import type { Analysis, Urgency } from './analysis.model.ts';
import type { Condition } from './conditions.ts';
import { interval, intervalContains, type Interval } from './band.model.ts';
import type { MeasureId } from './measure.catalog.ts';
import { citation, sourceNames, type Sources } from './source.catalog.ts';

/** The numbers of a reading, in the units the bands rate (blood sugar in mg/dL, rounded as rated). */
export interface RatedNumbers {
  readonly value: number | null;
  /** Diastolic for blood pressure, FEV1 for breathing. */
  readonly second: number | null;
  /** The band the reading landed in ('dangerously-low', 'bad-mood'). */
  readonly band: string;
  /** What the person told us (conditions.ts); a rule with `onlyWith` reads it. */
  readonly conditions: ReadonlySet<Condition>;
}

/**
 * Said with every `now` result, after its first action: where a call for an ambulance may go
 * unanswered, being taken to a hospital is the other way to emergency care
 * (docs/clinical-reference.md, 'Urgency').
 */
export const TO_HOSPITAL = 'or have someone take you to the nearest hospital emergency unit';
/** The same call inside a sentence: 'if it is still low, call the emergency number now, ...'. */
export const CALL_NOW_WITHIN = `call the emergency number now, ${TO_HOSPITAL}.`;
export const CALL_NOW = `C${CALL_NOW_WITHIN.slice(1)}`;

export interface UrgencyRule {
  readonly measure: MeasureId;
  readonly level: Urgency;
  /** The threshold as people read it: '92 % or less'. */
  readonly written: string;
  /**
   * When it holds: the value in one of `value`'s intervals, or the second value (diastolic, FEV1)
   * in one of `second`'s, or the value less the second in one of `difference`'s, or, for mood,
   * which has no number, the band in `bands`. With `join: 'and'` the value and the second must
   * both hold (a pair like 150/35).
   */
  readonly value?: readonly string[];
  readonly second?: readonly string[];
  readonly difference?: readonly string[];
  readonly join?: 'or' | 'and';
  readonly bands?: readonly string[];
  /** The rule holds only for someone who told us of this condition (conditions.ts). */
  readonly onlyWith?: Condition;
  /**
   * The chip's word when the rule holds, so that the label never sounds calmer than the advice
   * ('Very low' beside 'call the emergency number now'). Without it the band's label stays.
   */
  readonly label?: string;
  readonly firstAction: string;
  readonly emergencySigns: string;
  /** One sentence on why, including where a threshold is Vitalia's own. */
  readonly why: string;
  readonly source: Sources;
}

interface CompiledRule extends UrgencyRule {
  readonly valueEdges: readonly Interval[];
  readonly secondEdges: readonly Interval[];
  readonly differenceEdges: readonly Interval[];
}

// Each measure's rules (its definition's `urgency`) are compiled once, on first use.
const compiled = new WeakMap<readonly UrgencyRule[], readonly CompiledRule[]>();

function compile(rules: readonly UrgencyRule[]): readonly CompiledRule[] {
  let done = compiled.get(rules);
  if (done === undefined) {
    done = rules.map((rule) => ({
      ...rule,
      valueEdges: (rule.value ?? []).map(interval),
      secondEdges: (rule.second ?? []).map(interval),
      differenceEdges: (rule.difference ?? []).map(interval),
    }));
    compiled.set(rules, done);
  }
  return done;
}

function within(value: number | null, edges: readonly Interval[]): boolean {
  return value !== null && edges.some((edge) => intervalContains(edge, value));
}

// Either number is enough, whatever band the reading landed in: 150/30 rates 'High' (the high
// rules come first) and is still dangerously low underneath.
function holds(rule: CompiledRule, numbers: RatedNumbers): boolean {
  if (rule.onlyWith !== undefined && !numbers.conditions.has(rule.onlyWith)) return false;
  if (rule.bands?.includes(numbers.band)) return true;
  const value = within(numbers.value, rule.valueEdges);
  const second = within(numbers.second, rule.secondEdges);
  if (rule.join === 'and') return value && second;
  const { value: top, second: bottom } = numbers;
  const difference = top !== null && bottom !== null ? top - bottom : null;
  return value || second || within(difference, rule.differenceEdges);
}

/** The most urgent of a measure's rules that holds for its reading; `now` before `today`. */
export function urgencyRuleFor(
  rules: readonly UrgencyRule[],
  numbers: RatedNumbers,
): UrgencyRule | undefined {
  const holding = compile(rules).filter((rule) => holds(rule, numbers));
  return holding.find((rule) => rule.level === 'now') ?? holding[0];
}

/**
 * The result with the urgency layer applied: an urgent result is red and earns no point. Its advice
 * is the rule's alone (what to do first, the signs of an emergency, why), so that nothing written
 * for a calmer reading ('see a doctor if it stays high') can sit beside it.
 */
export function withUrgency(analysis: Analysis, rule: UrgencyRule | undefined): Analysis {
  if (rule === undefined) return analysis;
  return {
    ...analysis,
    colour: 'red',
    ok: 0,
    result: rule.label ?? analysis.result,
    urgency: rule.level,
    firstAction: rule.firstAction,
    emergencySigns: rule.emergencySigns,
    advice: `${rule.firstAction} ${rule.emergencySigns} ${rule.why} ${citation(rule.source)}`,
    source: sourceNames(rule.source),
  };
}
