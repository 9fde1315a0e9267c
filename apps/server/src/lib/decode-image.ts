import sharp, { type SharpOptions } from 'sharp';

/** About a 6000 x 6000 photo: a larger image is refused from its header, before it is decoded (a decompression bomb). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** sharp over outside bytes: every image decode in the server starts here, so none can skip the pixel limit. */
export const decodeImage = (input: Buffer, options: Omit<SharpOptions, 'limitInputPixels'> = {}) => sharp(input, { ...options, limitInputPixels: MAX_INPUT_PIXELS });

/** Whether sharp refused an image for its size (MAX_INPUT_PIXELS), not for its bytes. */
export const exceedsPixelLimit = (error: unknown) => error instanceof Error && error.message.includes('pixel limit');
