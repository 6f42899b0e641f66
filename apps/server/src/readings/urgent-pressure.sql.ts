// The blood pressure readings the interpreter calls urgent, as a condition the database can test,
// built from the measure's own urgency rules (packages/health/src/blood-pressure.measure.ts) so
// that there is one list of thresholds. The week's average leaves these readings out: a reading
// of 70/40 beside six of 130/85 would otherwise pull the mean towards normal and hide both
// (docs/decisions/0046-whole-person-readings.md). Rules that hold only with a condition the person
// told us of (pregnancy) are left aside here: the average is of readings urgent for anyone.
import { and, or, sql, type SQL } from 'drizzle-orm';
import { interval } from '@vitalia/health/band.model';
import { BLOOD_PRESSURE_URGENCY } from '@vitalia/health/blood-pressure.measure';
import type { UrgencyRule } from '@vitalia/health/urgency.rules';

/** `value` within one interval written as the interpreter writes it ('(-inf, 81)'). */
function within(value: SQL, written: string): SQL {
  const edges = interval(written);
  const parts: SQL[] = [];
  if (edges.lower !== null) {
    parts.push(
      edges.lowerInclusive ? sql`${value} >= ${edges.lower}` : sql`${value} > ${edges.lower}`,
    );
  }
  if (edges.upper !== null) {
    parts.push(
      edges.upperInclusive ? sql`${value} <= ${edges.upper}` : sql`${value} < ${edges.upper}`,
    );
  }
  return parts.length === 0 ? sql`true` : sql`(${and(...parts)})`;
}

function anyOf(value: SQL, written: readonly string[] | undefined): SQL | undefined {
  return written && written.length > 0
    ? or(...written.map((each) => within(value, each)))
    : undefined;
}

function ruleHolds(rule: UrgencyRule, systolic: SQL, diastolic: SQL): SQL | undefined {
  const top = anyOf(systolic, rule.value);
  const bottom = anyOf(diastolic, rule.second);
  if (rule.join === 'and') return top && bottom ? and(top, bottom) : undefined;
  return or(top, bottom, anyOf(sql`(${systolic} - ${diastolic})`, rule.difference));
}

/** True for a pair of numbers (systolic, diastolic) that some rule for anyone calls urgent. */
export function urgentPressure(systolic: SQL, diastolic: SQL): SQL {
  const holding = BLOOD_PRESSURE_URGENCY.filter((rule) => rule.onlyWith === undefined).flatMap(
    (rule) => {
      const condition = ruleHolds(rule, systolic, diastolic);
      return condition ? [condition] : [];
    },
  );
  return sql`(${or(...holding)})`;
}
