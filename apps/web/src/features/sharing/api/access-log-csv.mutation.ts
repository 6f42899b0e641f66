import { useMutation } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { sharingPaths } from '@vitalia/api/sharing.contract';
import { apiClient } from '../../../lib/api-client';

/** 'vitalia-access-log-2026-11-26.csv', dated by the person's own calendar. */
function fileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `vitalia-access-log-${day}.csv`;
}

/** Asked for as a file, a refusal arrives as one too; read back, it says why like any other. */
async function readableFailure(error: unknown): Promise<unknown> {
  if (!isAxiosError(error) || !(error.response?.data instanceof Blob)) return error;
  try {
    error.response.data = JSON.parse(await error.response.data.text()) as unknown;
  } catch {
    // Not the error model's body: the call's own message stands.
  }
  return error;
}

/**
 * The access log as a CSV file. Fetched with the session's bearer token like every other call and
 * saved from memory: a download link to the API would have to carry the token in its address.
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
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName(new Date());
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Some browsers read the file after the click has returned; a minute later it is long saved.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadAccessLog() {
  return useMutation({ mutationFn: downloadAccessLog });
}
