/**
 * Re-encodes an accepted picture with sharp (DESIGN.md §1 "nothing is trusted"): decoding proves it is the image its
 * signature claims, and the new file carries no metadata at all — sharp writes none unless asked — so EXIF, GPS, XMP
 * and comments never reach the public URL. The camera's orientation is applied to the pixels first, so dropping the
 * EXIF orientation tag does not turn photos sideways. Two sizes: the original (bounded, for enlarging) and a display
 * version for lists and thumbnails.
 */
import sharp, { type Sharp } from 'sharp';
import { sharpFormatOf, type ImageKind } from './image-kind';

/** Decompression bombs: a 5 MB file may claim a huge canvas; refuse before allocating it. */
const MAX_INPUT_PIXELS = 50_000_000;
export const ORIGINAL_MAX_SIDE = 4096;
export const DISPLAY_MAX_SIDE = 1080;

export interface ProcessedImage { original: Buffer; display: Buffer }

export class UndecodableImage extends Error {}

function encode(image: Sharp, kind: ImageKind): Sharp {
  switch (kind) {
    case 'jpg': return image.jpeg({ quality: 85 });
    case 'png': return image.png({ compressionLevel: 9 });
    case 'webp': return image.webp({ quality: 85 });
    case 'gif': return image.gif();
    default: {
      const never: never = kind;
      return never;
    }
  }
}

export async function processImage(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  // animated GIF/WebP keep their frames; a single-frame picture is oriented by its EXIF tag
  const open = () => sharp(bytes, { animated: kind === 'gif' || kind === 'webp', limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let pages: number;
  try {
    const metadata = await open().metadata();
    if (metadata.format !== sharpFormatOf[kind]) throw new UndecodableImage(`declared ${kind}, decoded ${metadata.format}`);
    pages = metadata.pages ?? 1;
  } catch (error) {
    throw error instanceof UndecodableImage ? error : new UndecodableImage(String(error));
  }
  const sized = (side: number) => {
    const image = pages > 1 ? open() : open().rotate();
    return encode(image.resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }), kind).toBuffer();
  };
  try {
    const [original, display] = await Promise.all([sized(ORIGINAL_MAX_SIDE), sized(DISPLAY_MAX_SIDE)]);
    return { original, display };
  } catch (error) {
    throw new UndecodableImage(String(error));
  }
}
