import { createHash } from 'node:crypto';
import { KYC_IMAGE_MAX_BYTES } from '@school/shared/kyc/rules';
import { decodeImage } from '../../lib/decode-image';

/** What a page sent as a data URL, read and re-encoded: a JPEG upright, without any metadata. */
export interface ReadImage {
  jpeg: Buffer;
  /** Of the bytes sent, to tell the same picture sent twice. */
  digest: string;
}

export class InvalidImage extends Error {}

const DATA_URL = /^data:image\/(?:png|jpe?g|gif|webp);base64,([A-Za-z0-9+/]+=*)$/;
/** The longest side kept: enough for an ID's fine print and a face, small enough to store and check quickly. */
const MAX_SIDE = 1600;

/**
 * Decodes an image sent as a data URL (PNG, JPEG, GIF or WebP) and re-encodes it as a JPEG turned upright by its
 * EXIF orientation; sharp drops every metadata block, GPS included, unless asked to keep it. Throws InvalidImage
 * for anything that is not a readable image.
 */
export async function readImage(dataUrl: string): Promise<ReadImage> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw new InvalidImage('not an image data URL');
  const bytes = Buffer.from(match[1]!, 'base64');
  if (bytes.length === 0 || bytes.length > KYC_IMAGE_MAX_BYTES) throw new InvalidImage('empty or too large');
  try {
    const jpeg = await decodeImage(bytes)
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88 })
      .toBuffer();
    return { jpeg, digest: createHash('sha256').update(bytes).digest('hex') };
  } catch {
    throw new InvalidImage('unreadable');
  }
}
