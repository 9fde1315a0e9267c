import { decodeImage } from '../../lib/decode-image';
import { UnreadableImage } from './engine';

/** An image decoded for the detector: 8-bit RGB rows, and how much larger the image as sent is. */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
  /** Multiply a box by this to get the sent image's pixels. */
  scale: number;
}

/**
 * The longest side examined. Faces on a photographed ID are small: a 160-pixel ID portrait on a 1600-pixel photo
 * matched its source at 0.67–0.71 examined at 1024 pixels, at 0.75–0.77 at 1600 (docs/decisions.md), for some
 * 30 ms more; beyond this, a larger photo costs memory and time and adds nothing.
 */
const MAX_SIDE = 1600;

/**
 * Decodes JPEG, PNG, GIF (its first frame) or WebP bytes into RGB, upright by the EXIF orientation, transparency
 * on white, the longest side at most MAX_SIDE. Throws UnreadableImage for anything else.
 */
export async function readPixels(image: Buffer): Promise<Pixels> {
  try {
    const source = decodeImage(image);
    const { format, autoOrient } = await source.metadata();
    if (!['jpeg', 'png', 'gif', 'webp'].includes(format)) throw new UnreadableImage(`not a JPEG, PNG, GIF or WebP image (${format})`);
    const { data, info } = await source
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height, scale: autoOrient.width / info.width };
  } catch (error) {
    if (error instanceof UnreadableImage) throw error;
    throw new UnreadableImage(`unreadable image: ${(error as Error).message}`);
  }
}
