import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { HealthReading, HealthReadingRequest } from '@vitalia/api/records.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import type { DisplayUnit } from '../../../readings/format/display-units';
import type { RatingProfile } from '../../../readings/rating-profile';
import type { ReadingFormMethods } from '../components/measure-fields';
import {
  readingFormSchema,
  readingFormValues,
  type ReadingFormContext,
  type ReadingFormValues,
} from '../utils/reading-form';

/**
 * One measure's reading form: its starting values, the context its checks read, the form, and
 * the values as typed so far. The one-measure dialog and each entry of the morning check use it.
 */
export function useReadingForm({
  measure,
  original,
  draft,
  heightMM,
  unit,
  conditions,
}: {
  measure: MeasureId;
  /** The reading to correct; null to record a new one. */
  original: HealthReading | null;
  /** A refused reading opened to be fixed, whose time stays as it was. */
  draft: HealthReading | null;
  heightMM: number | null;
  unit: DisplayUnit | null;
  conditions: RatingProfile['conditions'];
}) {
  const [defaults] = useState(() =>
    readingFormValues(measure, original ?? draft, {
      unit,
      heightMM,
      diabetic: conditions?.diabetes === true,
    }),
  );
  const context = useMemo<ReadingFormContext>(
    // A fixed draft keeps the time it was taken at, even when the time is left as it was.
    () => ({
      measure,
      heightMM,
      original,
      initialTakenAt: draft ? null : defaults.takenAt,
      conditions,
    }),
    [measure, heightMM, original, draft, defaults.takenAt, conditions],
  );
  const resolver = useMemo(() => zodResolver(readingFormSchema(context)), [context]);
  const form: ReadingFormMethods = useForm<ReadingFormValues, unknown, HealthReadingRequest>({
    resolver,
    defaultValues: defaults,
  });
  const values = {
    ...defaults,
    ...(useWatch({ control: form.control }) as Partial<ReadingFormValues>),
  };
  return { form, context, values };
}
