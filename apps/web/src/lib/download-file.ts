import { isHttpError } from './http-error';

// Files the API answers (the access log's CSV, the data export's zip) are fetched with the
// session's bearer token like every other call and saved from memory: a plain download link to the
// API would have to carry the token in its address.

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

/** Asked for as a file, a refusal arrives as one too; read back, it says why like any other. */
export async function readableFailure(error: unknown): Promise<unknown> {
  if (!isHttpError(error) || !(error.response?.data instanceof Blob)) return error;
  try {
    error.response.data = JSON.parse(await blobText(error.response.data)) as unknown;
  } catch {
    // Not the error model's body: the call's own message stands.
  }
  return error;
}

/** Hands a file to the browser to save under this name. */
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

/** 2026-11-26: today by the person's own calendar, for a file's name. */
export function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
