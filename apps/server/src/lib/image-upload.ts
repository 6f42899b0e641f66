// Uploaded images (profile pictures, article covers) are checked by their content, never by their
// name or declared type, and re-encoded: what is stored is a new WebP that sharp drew, with every
// piece of metadata (location, camera, comments) left behind, under a name the server made.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Sharp } from 'sharp';

/** sharp is loaded on the first upload, not before the server answers. */
const loadSharp = async () => (await import('sharp')).default;
import { errorResponse } from '@vitalia/api/errors.schema';
import { currentUser } from '../plugins/auth.ts';
import { DecodeSlots } from './decode-slots.ts';
import { AppError, badRequest } from '../plugins/errors.ts';

export interface ImageRules {
  /** How a message names the upload: "Picture", "Cover". */
  label: string;
  bytes: number;
  /** A small file can still claim enormous dimensions (a pixel flood); refuse before decoding. */
  pixels: number;
  /** A square cut from the middle, or the whole image fitted inside a box; never enlarged. */
  shape: { square: number } | { width: number; height: number };
}

const acceptedFormats = new Set(['jpeg', 'png', 'webp']);

// Every side and shape a camera or a screenshot makes fits: 10,000 px is past a 48-megapixel
// phone's 8,000, and 20:1 past a panorama's 8:1. A 1 x 40,000,000 strip passes a pixel count and
// takes seconds to decode; it does not pass these.
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_ASPECT_RATIO = 20;

/** Uploads one account may make in an hour, pictures, covers and product images together. */
export const UPLOADS_PER_HOUR = 30;

const decodeSlots = new DecodeSlots({ running: 2, waiting: 6, waitMs: 15_000 });

/** How many images are being drawn again now, and how many wait (for tests and readiness). */
export function imageDecodes(): { running: number; waiting: number } {
  return decodeSlots.busyCount;
}

/**
 * The answers every image upload can give besides success, for its route schema: a missing or
 * undecodable file (400), a session missing or ended (401), a file too large (413) or not an
 * image (415). Staff routes add 403 and 404.
 */
export const imageUploadErrors = {
  400: errorResponse,
  401: errorResponse,
  413: errorResponse,
  415: errorResponse,
  429: errorResponse,
  503: errorResponse,
} as const;

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/**
 * The one file of a multipart request, in a field named `file`, as bytes. The route registers
 * @fastify/multipart with `limits.fileSize` set to `rules.bytes`.
 */
export async function readImageUpload(request: FastifyRequest, rules: ImageRules): Promise<Buffer> {
  const limit = [
    {
      key: `upload:account:${currentUser(request).id}`,
      limit: UPLOADS_PER_HOUR,
      windowSeconds: 3600,
    },
  ];
  await request.server.attemptLimiter.assertAllowed(limit, 'uploads');
  await request.server.attemptLimiter.countAttempt(limit);
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'NOT_MULTIPART',
      `${rules.label}: send it as multipart/form-data, in a field named file.`,
    );
  }
  // The multipart parser throws plain errors for a body that is cut short or has broken part
  // headers; those are the client's, not ours, and must not answer 500.
  const malformed = (error: unknown) =>
    (error as { statusCode?: number }).statusCode
      ? error
      : badRequest(
          `${rules.label}: the multipart/form-data body is malformed or cut short; send the file again.`,
        );
  let part;
  try {
    part = await request.file();
  } catch (error) {
    throw malformed(error);
  }
  if (!part || part.fieldname !== 'file') {
    throw badRequest(`${rules.label}: put the image in a field named file.`);
  }
  let upload: Buffer;
  try {
    upload = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        413,
        'PICTURE_TOO_LARGE',
        `${rules.label}: must be at most ${megabytes(rules.bytes)}.`,
      );
    }
    throw malformed(error);
  }
  if (upload.length === 0) throw badRequest(`${rules.label}: the file is empty.`);
  return upload;
}

/** What the file says it is, read from its header only. */
async function describe(
  upload: Buffer,
  notAnImage: () => AppError,
): Promise<{ format: string; width: number; height: number }> {
  const sharp = await loadSharp();
  try {
    const metadata = await sharp(upload, { limitInputPixels: false }).metadata();
    return { format: metadata.format, width: metadata.width ?? 0, height: metadata.height ?? 0 };
  } catch {
    throw notAnImage();
  }
}

export async function reencodeImage(
  upload: Buffer,
  rules: ImageRules,
): Promise<{ name: string; content: Buffer }> {
  const notAnImage = () =>
    new AppError(415, 'UNSUPPORTED_PICTURE', `${rules.label}: must be a JPEG, PNG or WebP image.`);
  const { format, width, height } = await describe(upload, notAnImage);
  if (!acceptedFormats.has(format)) throw notAnImage();
  const longer = Math.max(width, height);
  const shorter = Math.max(1, Math.min(width, height));
  if (longer > MAX_IMAGE_SIDE || longer / shorter > MAX_ASPECT_RATIO) {
    throw new AppError(
      413,
      'PICTURE_TOO_LARGE',
      `${rules.label}: its shape cannot be used; each side must be at most ${MAX_IMAGE_SIDE.toLocaleString('en')} px and the longer at most ${MAX_ASPECT_RATIO} times the shorter.`,
    );
  }
  if (width * height > rules.pixels) {
    throw new AppError(
      413,
      'PICTURE_TOO_LARGE',
      `${rules.label}: its dimensions are too large; use one of at most ${Math.round(rules.pixels / 1_000_000)} megapixels.`,
    );
  }
  return decodeSlots.run(() => drawAgain(upload, rules, width, height));
}

async function drawAgain(
  upload: Buffer,
  rules: ImageRules,
  width: number,
  height: number,
): Promise<{ name: string; content: Buffer }> {
  let content: Buffer;
  const sharp = await loadSharp();
  try {
    const image = sharp(upload, { limitInputPixels: rules.pixels, failOn: 'error' }).rotate();
    let shaped: Sharp;
    if ('square' in rules.shape) {
      // Cut from the middle; a picture smaller than the square is not blown up.
      const side = Math.max(1, Math.min(rules.shape.square, width, height));
      shaped = image.resize(side, side, { fit: 'cover' });
    } else {
      shaped = image.resize(rules.shape.width, rules.shape.height, {
        fit: 'inside',
        withoutEnlargement: true,
      });
    }
    content = await shaped.webp({ quality: 82 }).toBuffer();
  } catch {
    throw new AppError(
      415,
      'UNREADABLE_PICTURE',
      `${rules.label}: the image is damaged or cannot be read; try saving it again as JPEG or PNG.`,
    );
  }
  return { name: `${crypto.randomUUID()}.webp`, content };
}
