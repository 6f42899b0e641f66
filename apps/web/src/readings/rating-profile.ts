// What a reading is rated with on the device: the profile (age, sex and height) and what the person
// told the questionnaire (pregnancy, diabetes, sickle cell...), exactly as the server rates it
// (docs/decisions/0046-whole-person-readings.md). Every rating made in the browser takes this
// shape, so none can leave the answers out: a pregnant person's 150/100 is 'today' in the form,
// on the card after saving, offline and in the banner alike.
import { useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from '@vitalia/api/identity.contract';
import type { Assessment } from '@vitalia/api/assessment.contract';
import type { HealthProfile } from '@vitalia/health/analysis';
import { CONDITIONS, type Condition } from '@vitalia/health/conditions';
import { assessmentQueryKey, useAssessment } from '../api/assessment.query';
import { profileQueryKey, useProfile } from '../api/profile.query';

/** A profile to rate with; `conditions` is always there, null when nothing was answered. */
export interface RatingProfile extends HealthProfile {
  readonly conditions: Partial<Record<Condition, boolean | null>> | null;
}

export function ratingProfileOf(
  profile: Profile | null | undefined,
  assessment: Assessment | null | undefined,
): RatingProfile {
  return {
    dob: profile?.dob ?? null,
    gender: profile?.gender ?? null,
    heightMM: profile?.heightMM ?? null,
    conditions: assessment
      ? Object.fromEntries(CONDITIONS.map((condition) => [condition, assessment[condition]]))
      : null,
  };
}

/** The rating profile from what the device already holds, for code outside components. */
export function cachedRatingProfile(queryClient: QueryClient): RatingProfile {
  return ratingProfileOf(
    queryClient.getQueryData<Profile>(profileQueryKey),
    queryClient.getQueryData<Assessment | null>(assessmentQueryKey),
  );
}

/** The rating profile, kept the same object while neither the profile nor the answers change. */
export function useRatingProfile(): RatingProfile {
  const profile = useProfile().data;
  const assessment = useAssessment().data;
  return useMemo(() => ratingProfileOf(profile, assessment), [profile, assessment]);
}
