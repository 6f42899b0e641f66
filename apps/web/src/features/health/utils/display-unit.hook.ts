import { useState } from 'react';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { unitChoiceOf, type DisplayUnit } from './display-units';

const storageKey = (measure: MeasureId) => `vitalia.displayUnit.${measure}`;

function storedUnit(measure: MeasureId): DisplayUnit | null {
  const choice = unitChoiceOf(measure);
  if (!choice) return null;
  try {
    const saved = window.localStorage.getItem(storageKey(measure));
    return saved === choice.alternative ? choice.alternative : choice.canonical;
  } catch {
    return choice.canonical;
  }
}

/**
 * The unit a person reads a measure in, remembered in this browser: someone who reads mmol/L on
 * their meter sees and types mmol/L everywhere. Null for measures without a choice.
 */
export function useDisplayUnit(measure: MeasureId) {
  const [unit, setUnit] = useState<DisplayUnit | null>(() => storedUnit(measure));
  // A screen that shows another measure (same component, new route) reads that measure's unit.
  const [shownFor, setShownFor] = useState(measure);
  if (shownFor !== measure) {
    setShownFor(measure);
    setUnit(storedUnit(measure));
  }

  const choose = (next: DisplayUnit) => {
    setUnit(next);
    try {
      window.localStorage.setItem(storageKey(measure), next);
    } catch {
      // Without storage the choice lasts as long as the page.
    }
  };
  return [unit, choose] as const;
}
