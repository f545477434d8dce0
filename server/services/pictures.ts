// Uploaded pictures (profile avatars): decoded for real, then re-encoded, so whatever is stored and served is an
// image this server drew itself, not the bytes someone sent.
import sharp, { type Metadata } from 'sharp';
import { Invalid } from './errors';

export const PICTURE_MESSAGES = {
  type: 'The image field must be a file of type: png, jpeg, webp.',
  notImage: 'The image field must be an image.',
  dimensions: 'The image field has invalid image dimensions.',
} as const;

/**
 * A decompression-bomb guard: sharp refuses to decode more pixels than this (read from the header, before any
 * pixel memory is taken). 4096² is 16.8 megapixels, above a phone camera's usual 12, and at most ~67 MB decoded.
 */
export const MAX_PICTURE_PIXELS = 4096 * 4096;
/** A thin strip under the pixel limit is no picture either. */
export const MAX_PICTURE_SIDE = 8192;
/** The avatar is shown at 96 px; 512 leaves room for dense screens and a larger profile view. */
export const STORED_PICTURE_SIDE = 512;

type PictureKind = 'png' | 'jpeg' | 'webp';

/** The container the first bytes claim; anything else never reaches the decoder (which would also read SVG). */
export function sniffPicture(bytes: Buffer): PictureKind | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

export interface PreparedPicture {
  data: Buffer;
  extension: 'webp';
  /** The uploaded picture's own size, from its decoded data. */
  width: number;
  height: number;
}

const refuse = (message: string) => new Invalid({ image: [message] });

const exceedsPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Decodes the upload (all of it: a valid header over truncated or foreign data fails here), turns it upright,
 * shrinks it to the stored size and writes it as WebP without its metadata (camera EXIF may hold a location).
 */
export async function preparePicture(
  bytes: Buffer,
  side: number = STORED_PICTURE_SIDE,
): Promise<PreparedPicture> {
  const claimed = sniffPicture(bytes);
  if (!claimed) throw refuse(PICTURE_MESSAGES.type);
  // failOn 'warning' (the default) also refuses the damaged-but-partly-readable files a browser would half show.
  const input = () => sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'warning' });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    throw refuse(exceedsPixelLimit(error) ? PICTURE_MESSAGES.dimensions : PICTURE_MESSAGES.notImage);
  }
  if (metadata.format !== claimed) throw refuse(PICTURE_MESSAGES.notImage);
  const { width, height } = metadata;
  if (
    !width ||
    !height ||
    width > MAX_PICTURE_SIDE ||
    height > MAX_PICTURE_SIDE ||
    width * height > MAX_PICTURE_PIXELS
  ) {
    throw refuse(PICTURE_MESSAGES.dimensions);
  }
  try {
    const data = await input()
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { data, extension: 'webp', width, height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw refuse(PICTURE_MESSAGES.dimensions);
    throw refuse(PICTURE_MESSAGES.notImage);
  }
}
