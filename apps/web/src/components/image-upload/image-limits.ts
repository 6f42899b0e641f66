// The rules of an image upload as the contract states them (profilePictureLimits in
// identity.contract.ts, articleCoverLimits in education.contract.ts, productImageLimits in
// store.contract.ts), turned into what a person reads. The web checks them only to answer before
// sending; the server enforces them.
import { megabytes } from '../../lib/file-size';

export interface ImageLimits {
  types: readonly string[];
  bytes: number;
}

/** What a screen calls the file: a profile's or a product's 'picture', an article's 'image'. */
export type ImageNoun = 'picture' | 'image';

const typeNames: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

/** 'JPEG, PNG or WebP'. */
export function imageTypesText({ types }: ImageLimits): string {
  const names = types.map((type) => typeNames[type] ?? type.replace(/^image\//, '').toUpperCase());
  const last = names.at(-1) ?? '';
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${last}` : last;
}

/** 'JPEG, PNG or WebP, up to 2 MB': the note beside a button that chooses a file. */
export function imageLimitsText(limits: ImageLimits): string {
  return `${imageTypesText(limits)}, up to ${megabytes(limits.bytes)} MB`;
}

/** Why a chosen file cannot be uploaded, or null when it may be. */
export function imageProblem(file: File, limits: ImageLimits, noun: ImageNoun): string | null {
  if (!limits.types.includes(file.type)) return `Choose a ${imageTypesText(limits)} ${noun}.`;
  if (file.size > limits.bytes) {
    const one = noun === 'image' ? 'an image' : 'a picture';
    return `Choose ${one} of ${megabytes(limits.bytes)} MB or less.`;
  }
  return null;
}
