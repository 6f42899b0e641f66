import { exportFileName, portabilityPaths } from '@vitalia/api/portability.contract';
import { apiClient } from '../lib/api-client';
import { localDay, readableFailure, saveFile } from '../lib/download-file';

// "Download my data" (docs/data-export.md). The person's time zone goes along so the times in the
// files read as the clock on their wall.

/** The browser's IANA time zone, or undefined when it does not say (the server then writes UTC). */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The name the server gave the file, or one for today by the person's own calendar. */
function savedName(disposition: unknown, now: Date): string {
  const given =
    typeof disposition === 'string' ? /filename="([^"]+)"/.exec(disposition)?.[1] : undefined;
  return given ?? exportFileName(localDay(now));
}

/**
 * Downloads the signed-in person's archive and saves it; answers the file's name. `onProgress`
 * hears the bytes received so far (the archive is made as it is sent, so its size is not known).
 */
export async function downloadDataExport(
  onProgress?: (bytesReceived: number) => void,
): Promise<string> {
  const timeZone = browserTimeZone();
  try {
    const response = await apiClient.get<Blob>(portabilityPaths.dataExport, {
      responseType: 'blob',
      headers: { Accept: 'application/zip' },
      params: timeZone ? { timeZone } : {},
      onDownloadProgress: (event) => onProgress?.(event.loaded),
    });
    const name = savedName(response.headers['content-disposition'], new Date());
    saveFile(response.data, name);
    return name;
  } catch (error) {
    throw await readableFailure(error);
  }
}
