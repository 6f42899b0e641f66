import { useCallback, useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  identityPaths,
  profileResponse,
  profileUpdateRequest,
  type Profile,
  type ProfileUpdateRequest,
  type UnitMeasure,
} from '@vitalia/api/identity.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { profileQueryKey, useProfile } from '../../api/profile.query';
import { apiClient } from '../../lib/api-client';
import { unitChoiceOf, type DisplayUnit } from './display-units';

// One unit choice per account (docs/decisions/0050-one-unit-choice-per-account.md): the unit a
// person reads blood sugar, cholesterol and temperature in is part of their profile, so the
// laptop shows what the phone chose, and the mails say it too. Every screen reads the profile's
// one cache entry: a change on one card reaches the urgent banner and the dashboard's tile at once.

/** Where this browser kept the choice before it moved to the profile; read once, then removed. */
export const legacyUnitKey = (measure: MeasureId) => `vitalia.displayUnit.${measure}`;

const unitMeasures: readonly UnitMeasure[] = ['sugar', 'cholesterol', 'temperature'];
const wireName = {
  sugar: 'Sugar',
  cholesterol: 'Cholesterol',
  temperature: 'Temperature',
} as const;

/** Saves units on the profile; the answer is the whole saved profile. */
async function saveUnits(units: NonNullable<ProfileUpdateRequest['Units']>): Promise<Profile> {
  const body = profileUpdateRequest.parse({ Units: units });
  const { data } = await apiClient.put(identityPaths.profile, body);
  return profileResponse.parse(data);
}

function isUnitMeasure(measure: MeasureId): measure is UnitMeasure {
  return (unitMeasures as readonly string[]).includes(measure);
}

function legacyUnit(measure: MeasureId): DisplayUnit | null {
  const choice = unitChoiceOf(measure);
  if (!choice) return null;
  try {
    const saved = window.localStorage.getItem(legacyUnitKey(measure));
    return saved === choice.alternative || saved === choice.canonical ? saved : null;
  } catch {
    return null;
  }
}

function forgetLegacyUnit(measure: MeasureId): void {
  try {
    window.localStorage.removeItem(legacyUnitKey(measure));
  } catch {
    // Storage refused: nothing was kept either.
  }
}

/** The unit to show: the profile's choice, else this device's old choice not yet moved, else the stored unit. */
function unitOf(measure: MeasureId, profile: Profile | undefined): DisplayUnit | null {
  const choice = unitChoiceOf(measure);
  if (!choice || !isUnitMeasure(measure)) return null;
  if (profile?.unitsChosen[measure]) return profile.units[measure];
  return legacyUnit(measure) ?? profile?.units[measure] ?? choice.canonical;
}

function withUnit(profile: Profile, measure: UnitMeasure, unit: DisplayUnit): Profile {
  return {
    ...profile,
    units: { ...profile.units, [measure]: unit },
    unitsChosen: { ...profile.unitsChosen, [measure]: true },
  };
}

// A later choice wins over an earlier one still on its way: only the newest answers or undoes.
const latestChoice = new Map<UnitMeasure, number>();
let choices = 0;

/**
 * Saves `unit` on the profile, shown at once on every screen (an optimistic update). A save that
 * fails (offline: changes to the profile are not queued, docs/decisions/0035-offline-readings.md)
 * puts the unit back and answers what to tell the person; null once saved.
 */
export async function saveDisplayUnit(
  queryClient: QueryClient,
  measure: MeasureId,
  unit: DisplayUnit,
): Promise<string | null> {
  if (!isUnitMeasure(measure)) return null;
  const choice = (choices += 1);
  latestChoice.set(measure, choice);
  await queryClient.cancelQueries({ queryKey: profileQueryKey });
  const before = queryClient.getQueryData<Profile>(profileQueryKey);
  if (before) queryClient.setQueryData(profileQueryKey, withUnit(before, measure, unit));
  try {
    const saved = await saveUnits({ [wireName[measure]]: unit });
    if (latestChoice.get(measure) === choice) queryClient.setQueryData(profileQueryKey, saved);
    forgetLegacyUnit(measure);
    return null;
  } catch {
    if (latestChoice.get(measure) !== choice) return null;
    const now = queryClient.getQueryData<Profile>(profileQueryKey);
    if (before && now) {
      queryClient.setQueryData(profileQueryKey, {
        ...now,
        units: { ...now.units, [measure]: before.units[measure] },
        unitsChosen: { ...now.unitsChosen, [measure]: before.unitsChosen[measure] },
      });
    }
    const back = unitOf(measure, queryClient.getQueryData<Profile>(profileQueryKey));
    return `Not saved: Vitalia could not reach the server, so your readings stay in ${back ?? unit}. Choose ${unit} again when you are online.`;
  }
}

let moving = false;

/**
 * The choice this device kept before units were part of the profile moves to the profile once:
 * the units the profile has no choice for yet take this device's, then the old keys go. A profile
 * that already has a choice keeps it. Offline the keys stay (and are shown) until a save succeeds.
 */
export async function moveDeviceUnitsToProfile(
  queryClient: QueryClient,
  profile: Profile,
): Promise<void> {
  if (moving) return;
  const update: NonNullable<ProfileUpdateRequest['Units']> = {};
  for (const measure of unitMeasures) {
    const kept = legacyUnit(measure);
    if (kept === null) continue;
    if (profile.unitsChosen[measure]) forgetLegacyUnit(measure);
    else Object.assign(update, { [wireName[measure]]: kept });
  }
  if (Object.keys(update).length === 0) return;
  moving = true;
  try {
    const saved = await saveUnits(update);
    queryClient.setQueryData(profileQueryKey, saved);
    for (const measure of unitMeasures) forgetLegacyUnit(measure);
  } catch {
    // Tried again the next time a screen with a unit opens.
  } finally {
    moving = false;
  }
}

/**
 * The unit a person reads a measure in, from their profile: someone who reads mmol/L on their
 * meter sees and types mmol/L everywhere, on every device. Null for measures without a choice.
 * `choose` saves a new choice; `onNotSaved` hears why one could not be saved.
 */
export function useDisplayUnit(
  measure: MeasureId,
  onNotSaved?: (message: string) => void,
): readonly [DisplayUnit | null, (next: DisplayUnit) => void] {
  const queryClient = useQueryClient();
  const { data: profile } = useProfile();
  const unit = unitOf(measure, profile);
  useEffect(() => {
    if (profile && isUnitMeasure(measure) && legacyUnit(measure) !== null) {
      void moveDeviceUnitsToProfile(queryClient, profile);
    }
  }, [measure, profile, queryClient]);
  const choose = useCallback(
    (next: DisplayUnit) => {
      void saveDisplayUnit(queryClient, measure, next).then((message) => {
        if (message) onNotSaved?.(message);
      });
    },
    [measure, onNotSaved, queryClient],
  );
  return [unit, choose] as const;
}
