import { useCallback, useSyncExternalStore } from 'react';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { unitChoiceOf, type DisplayUnit } from './display-units';

const storageKey = (measure: MeasureId) => `vitalia.displayUnit.${measure}`;

// Every screen that shows a measure reads the same choice: a change on one card reaches the
// urgent banner and the dashboard's tile at once, and another tab's change through 'storage'.
const listeners = new Set<() => void>();
// Without storage (private modes that refuse it) the choice lasts as long as the page.
const chosenInMemory = new Map<MeasureId, DisplayUnit>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function storedUnit(measure: MeasureId): DisplayUnit | null {
  const choice = unitChoiceOf(measure);
  if (!choice) return null;
  let saved: string | null | undefined;
  try {
    saved = window.localStorage.getItem(storageKey(measure));
  } catch {
    saved = chosenInMemory.get(measure);
  }
  return saved === choice.alternative ? choice.alternative : choice.canonical;
}

/** Remembers the unit a person reads a measure in and tells every screen showing it. */
export function chooseDisplayUnit(measure: MeasureId, unit: DisplayUnit) {
  try {
    window.localStorage.setItem(storageKey(measure), unit);
  } catch {
    chosenInMemory.set(measure, unit);
  }
  for (const listener of listeners) listener();
}

/**
 * The unit a person reads a measure in, remembered in this browser: someone who reads mmol/L on
 * their meter sees and types mmol/L everywhere, the dashboard included. Null for measures without
 * a choice.
 */
export function useDisplayUnit(measure: MeasureId) {
  const unit = useSyncExternalStore(subscribe, () => storedUnit(measure));
  const choose = useCallback((next: DisplayUnit) => chooseDisplayUnit(measure, next), [measure]);
  return [unit, choose] as const;
}
