// Profile pictures: checked and re-encoded as every uploaded image is (lib/image-upload.ts),
// square, at most 512 px.
import { profilePictureLimits } from '@vitalia/api/identity.contract';
import { reencodeImage, type ImageRules } from '../../lib/image-upload.ts';

export const pictureLimits = {
  bytes: profilePictureLimits.bytes,
  pixels: 40_000_000,
  side: 512,
} as const;

export const pictureRules: ImageRules = {
  label: 'Picture',
  bytes: pictureLimits.bytes,
  pixels: pictureLimits.pixels,
  shape: { square: pictureLimits.side },
};

export function reencodePicture(upload: Buffer): Promise<{ name: string; content: Buffer }> {
  return reencodeImage(upload, pictureRules);
}
