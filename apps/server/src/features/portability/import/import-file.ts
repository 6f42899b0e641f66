// Reading an import file off the wire (docs/decisions/0031-importing-readings.md): the request body
// is read as it arrives and refused with 413 the moment it passes IMPORT_MAX_BYTES (a Content-Length
// over it is refused before a byte is read), so a 1 GB upload is never held; what is left of it is
// thrown away as it arrives (plugins/unread-body.ts), up to a bound. The bytes are then checked to be text: UTF-8 (a UTF-16 file with
// its byte order mark is decoded), no NUL, no byte that is not UTF-8.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IMPORT_CONTENT_TYPES,
  IMPORT_MAX_BYTES,
  type ImportFormat,
} from '@vitalia/api/portability.contract';
import { AppError, badRequest } from '../../../plugins/errors.ts';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const tooLarge = () =>
  new AppError(
    413,
    'IMPORT_TOO_LARGE',
    `The file is too large: an import takes at most ${megabytes(IMPORT_MAX_BYTES)}. Split it into smaller files, or export a shorter period.`,
  );

const allTypes = Object.values(IMPORT_CONTENT_TYPES).flat();

/** The kind of file a Content-Type announces; undefined for one not taken. */
export function kindOfType(contentType: string | undefined): 'csv' | 'json' | 'ndjson' | undefined {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if ((IMPORT_CONTENT_TYPES.csv as readonly string[]).includes(type)) return 'csv';
  if ((IMPORT_CONTENT_TYPES.fhirBundle as readonly string[]).includes(type)) return 'json';
  if ((IMPORT_CONTENT_TYPES.ndjson as readonly string[]).includes(type)) return 'ndjson';
  return undefined;
}

export const unknownFormat = (contentType: string | undefined) =>
  new AppError(
    415,
    'IMPORT_UNKNOWN_FORMAT',
    `Content type ${(contentType || '(none)').slice(0, 80)} is not a file Vitalia imports: send a CSV as text/csv, a FHIR R4 Bundle as application/fhir+json or NDJSON of Observations as application/fhir+ndjson.`,
  );

/**
 * Refuses a body sent with a Content-Encoding (gzip, br, deflate): 415 at once, saying to send
 * the file as it is. Its size limit and checks are the file's, not the compressed bytes'.
 */
export function refuseEncodedBody(encoding: string | string[] | undefined): void {
  const given = (Array.isArray(encoding) ? encoding.join(',') : (encoding ?? '')).trim();
  if (given === '' || given.toLowerCase() === 'identity') return;
  throw new AppError(
    415,
    'IMPORT_ENCODED',
    `Content-Encoding ${given.slice(0, 40)} is not taken on an import: send the file itself, uncompressed (at most ${megabytes(IMPORT_MAX_BYTES)}).`,
    { 'accept-encoding': 'identity' },
  );
}

/** Reads the body as it arrives, up to the limit; a body past it is left unread. */
function readLimited(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES) {
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > IMPORT_MAX_BYTES) {
        stop();
        payload.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });
}

/**
 * Takes the import's content types in this plugin only: the body reaches the handler as bytes
 * (a Buffer, which the NUL guard leaves to the checks below).
 */
export function acceptImportBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    allTypes,
    async (request: FastifyRequest, payload: NodeJS.ReadableStream) =>
      readLimited(request, payload),
  );
  // Any other type is refused before a byte of it is read, in words that list the types taken.
  app.addContentTypeParser('*', async (request: FastifyRequest) => {
    throw unknownFormat(request.headers['content-type']);
  });
}

const notText = () =>
  badRequest({
    code: 'IMPORT_NOT_TEXT',
    message:
      'This is not a text file: choose the CSV, JSON or NDJSON file itself (not a spreadsheet, zip or picture).',
  });

const notUtf8 = () =>
  badRequest({
    code: 'IMPORT_NOT_UTF8',
    message:
      'The file is not UTF-8 text: it looks saved in another encoding (such as Latin-1, Windows-1252 or UTF-16 without its byte order mark). Save it again as "CSV UTF-8" (or UTF-8 text) and import that.',
  });

/**
 * Text saved as UTF-16 without its byte order mark: one byte of each pair is NUL, over most of the
 * start of the file. Told apart from a binary file so the message can say to save it as UTF-8.
 */
function looksUtf16(bytes: Buffer): boolean {
  const start = bytes.subarray(0, 512);
  let evenNul = 0;
  let oddNul = 0;
  for (let index = 0; index < start.length; index += 1) {
    if (start[index] === 0) {
      if (index % 2 === 0) evenNul += 1;
      else oddNul += 1;
    }
  }
  const pairs = Math.floor(start.length / 2);
  return pairs >= 4 && Math.max(evenNul, oddNul) >= pairs * 0.9 && Math.min(evenNul, oddNul) === 0;
}

/** The file as text: UTF-8 (with or without its byte order mark) or UTF-16 with one. */
export function fileText(bytes: Buffer): string {
  if (bytes.length === 0) throw badRequest({ code: 'IMPORT_EMPTY', message: 'The file is empty.' });
  let encoding = 'utf-8';
  let start = 0;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, start] = ['utf-16le', 2];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, start] = ['utf-16be', 2];
  else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  if (encoding === 'utf-8' && bytes.includes(0)) {
    throw looksUtf16(bytes) ? notUtf8() : notText();
  }
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(
      bytes.subarray(start),
    );
  } catch {
    throw encoding === 'utf-8' ? notUtf8() : notText();
  }
  if (text.includes('\u0000')) throw notText();
  if (text.trim() === '') throw badRequest({ code: 'IMPORT_EMPTY', message: 'The file is empty.' });
  return text;
}

export type FileKind = 'csv' | 'json' | 'ndjson';

export const formatOfKind: Record<Exclude<FileKind, 'csv'>, ImportFormat> = {
  json: 'fhir-bundle',
  ndjson: 'fhir-ndjson',
};
