import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  reminder,
  reminderList,
  reminderPath,
  remindersPaths,
  weeklySummary,
  type Reminder,
  type ReminderInput,
  type WeeklySummary,
} from '@vitalia/api/reminders.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { apiClient } from '../../../lib/api-client';

const remindersKey = ['reminders'] as const;

export async function fetchReminders(): Promise<Reminder[]> {
  const { data } = await apiClient.get(remindersPaths.list);
  return reminderList.parse(data).items;
}

export function remindersQueryOptions() {
  return queryOptions({ queryKey: remindersKey, queryFn: fetchReminders });
}

/** The signed-in person's reminders to measure, soonest first. */
export function useReminders() {
  return useQuery(remindersQueryOptions());
}

export async function saveReminder(call: {
  measure: MeasureId;
  input: ReminderInput;
}): Promise<Reminder> {
  const { data } = await apiClient.put(reminderPath(call.measure), call.input);
  return reminder.parse(data);
}

export async function removeReminder(measure: MeasureId): Promise<void> {
  await apiClient.delete(reminderPath(measure));
}

export function useSaveReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersKey }),
  });
}

export function useRemoveReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersKey }),
  });
}

const weeklySummaryKey = ['reminders', 'weekly-summary'] as const;

export async function fetchWeeklySummary(): Promise<WeeklySummary> {
  const { data } = await apiClient.get(remindersPaths.weeklySummary);
  return weeklySummary.parse(data);
}

/** Whether the weekly summary is on, and when the next one comes. */
export function useWeeklySummary() {
  return useQuery({ queryKey: weeklySummaryKey, queryFn: fetchWeeklySummary });
}

/** Turns the weekly summary on (in this time zone) or off. */
export function useSetWeeklySummary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (timeZone: string | null): Promise<WeeklySummary> => {
      if (timeZone === null) {
        await apiClient.delete(remindersPaths.weeklySummary);
        return { enabled: false, timeZone: null, nextDueAt: null };
      }
      const { data } = await apiClient.put(remindersPaths.weeklySummary, { timeZone });
      return weeklySummary.parse(data);
    },
    onSuccess: (summary) => queryClient.setQueryData(weeklySummaryKey, summary),
  });
}
