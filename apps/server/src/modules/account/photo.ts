import { decodeImage } from '../../lib/decode-image';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const SIZE = 400;

/**
 * Checks the bytes (not the file name) are a PNG or JPEG, then stores a square copy: auto-rotated,
 * resized and re-encoded as JPEG, which drops EXIF and every other piece of metadata.
 * Answers null when the bytes are not such an image.
 */
export async function processPhoto(data: Buffer): Promise<Buffer | null> {
  // sharp throws at once, not in its promise, on an empty buffer.
  if (data.length === 0) return null;
  const format = await decodeImage(data)
    .metadata()
    .then((m) => m.format)
    .catch(() => null);
  if (format !== 'png' && format !== 'jpeg') return null;
  // A header that claims a valid image can still hide a broken or enormous one: that is bad input too.
  return decodeImage(data)
    .rotate()
    .resize(SIZE, SIZE, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer()
    .catch(() => null);
}
