// How values go on the wire: percent-encoding, what Node lets into a request line or a header,
// and the multipart body of an image upload.

/** Percent-encodes the UTF-8 bytes of any string, lone surrogates included. */
export function encodeComponent(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Node refuses to send a request line with characters outside \x21-\xff; keep the rest raw. */
export function rawLatin1(value: string): string {
  return [...value].filter((char) => /[\x21-\xff]/.test(char) && char !== '?').join('');
}

/** What Node lets into a header value. */
export function headerSafe(value: string): string {
  return [...value].filter((char) => /[\t\x20-\x7e\x80-\xff]/.test(char)).join('');
}

export function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

export function multipart(
  boundary: string,
  field: string,
  bytes: Uint8Array,
  filename: string,
): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** A 1x1 PNG, for uploads that should get as far as the image checks and past them. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
