import { useMutation } from '@tanstack/react-query';
import { sharingPaths } from '@vitalia/api/sharing.contract';
import { apiClient } from '../../../lib/api-client';
import { localDay, readableFailure, saveFile } from '../../../lib/download-file';

/**
 * The access log as a CSV file, 'vitalia-access-log-2026-11-26.csv' dated by the person's own
 * calendar. Fetched with the session's bearer token like every other call and saved from memory.
 */
export async function downloadAccessLog(): Promise<void> {
  let blob: Blob;
  try {
    const { data } = await apiClient.get<Blob>(sharingPaths.accessLogCsv, {
      responseType: 'blob',
      headers: { Accept: 'text/csv' },
    });
    blob = data;
  } catch (error) {
    throw await readableFailure(error);
  }
  saveFile(blob, `vitalia-access-log-${localDay(new Date())}.csv`);
}

export function useDownloadAccessLog() {
  return useMutation({ mutationFn: downloadAccessLog });
}
