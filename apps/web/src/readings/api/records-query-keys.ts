import type { FetchTag } from '@vitalia/api/records.contract';

// Every query of the readings calls starts with this key, so a saved, corrected or deleted
// reading refreshes the analysis, the history pages and the chart with one invalidation.
export const recordsQueryKey = ['records'] as const;

export const analysisQueryKey = [...recordsQueryKey, 'analysis'] as const;

export function historyQueryKey(tag: FetchTag) {
  return [...recordsQueryKey, 'history', tag] as const;
}

export function chartQueryKey(tag: FetchTag, period: string) {
  return [...recordsQueryKey, 'chart', tag, period] as const;
}
