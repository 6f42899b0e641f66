import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  chosenMeasuresResponse,
  followedMeasurePath,
  type AnalysisResponse,
  type ChosenMeasures,
} from '@vitalia/api/records.contract';
import { chosenMeasures, followedMeasures } from '@vitalia/health/analysis';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { apiClient } from '../../../lib/api-client';
import { analysisQueryKey } from '../../../readings/api/records-query-keys';

export interface FollowChange {
  measure: MeasureId;
  /** True to choose the measure, false to stop choosing it. */
  follow: boolean;
}

export async function changeFollowed({ measure, follow }: FollowChange): Promise<ChosenMeasures> {
  const path = followedMeasurePath(measure);
  const { data } = follow ? await apiClient.put(path) : await apiClient.delete(path);
  return chosenMeasuresResponse.parse(data);
}

/** The analysis with these measures chosen: the score's whole follows at once. */
export function withChosen(analysis: AnalysisResponse, chosen: readonly MeasureId[]) {
  const ordered = chosenMeasures(chosen);
  return {
    ...analysis,
    chosen: ordered,
    followed: followedMeasures(analysis.measures, ordered),
  };
}

const followMutationKey = ['records', 'follow'] as const;

/**
 * Choose a measure to follow, or stop: the score changes on screen at once and goes back if the
 * server refuses or cannot be reached.
 */
export function useFollowMeasure() {
  const queryClient = useQueryClient();
  const update = (change: (analysis: AnalysisResponse) => AnalysisResponse) =>
    queryClient.setQueryData<AnalysisResponse>(analysisQueryKey, (analysis) =>
      analysis ? change(analysis) : analysis,
    );
  return useMutation({
    mutationKey: followMutationKey,
    mutationFn: changeFollowed,
    onMutate: async ({ measure, follow }: FollowChange) => {
      await queryClient.cancelQueries({ queryKey: analysisQueryKey });
      const before = queryClient.getQueryData<AnalysisResponse>(analysisQueryKey)?.chosen;
      update((analysis) =>
        withChosen(
          analysis,
          follow
            ? [...analysis.chosen, measure]
            : analysis.chosen.filter((each) => each !== measure),
        ),
      );
      return { before };
    },
    onError: (_error, _change, context) => {
      const before = context?.before;
      if (before) update((analysis) => withChosen(analysis, before));
    },
    // The server's list is the truth, unless another change is still on its way: that one's
    // answer comes later and holds both.
    onSuccess: ({ chosen }) => {
      if (queryClient.isMutating({ mutationKey: followMutationKey }) > 1) return;
      update((analysis) => withChosen(analysis, chosen));
    },
  });
}
