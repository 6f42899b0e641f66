import { isAxiosError } from 'axios';
import { exportFileName, portabilityPaths } from '@vitalia/api/portability.contract';
import { apiClient } from '../lib/api-client';

// "Download my data" (docs/data-export.md): the archive is fetched with the session's bearer token
// like every other call and saved from memory, since a plain download link would have to carry
// the token in its address. The person's time zone goes along so the times in the files read as
// the clock on their wall.

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
  if (given) return given;
  const pad = (value: number) => String(value).padStart(2, '0');
  return exportFileName(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`);
}

/** A Blob's text; through FileReader where Blob.text is missing (older browsers, jsdom). */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The answer could not be read.'));
    reader.readAsText(blob);
  });
}

/** Asked for as a file, a refusal (a 429, a 400) arrives as one too; read back, it says why. */
async function readableFailure(error: unknown): Promise<unknown> {
  if (!isAxiosError(error) || !(error.response?.data instanceof Blob)) return error;
  try {
    error.response.data = JSON.parse(await blobText(error.response.data)) as unknown;
  } catch {
    // Not the error model's body: the call's own message stands.
  }
  return error;
}

/** Hands a file to the browser to save. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Some browsers read the file after the click has returned; a minute later it is long saved.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
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
