/**
 * Re-encodes an accepted picture with sharp (DESIGN.md §1 "nothing is trusted"): decoding proves it is the image its
 * signature claims, and the new file carries no metadata at all — sharp writes none unless asked — so EXIF, GPS, XMP
 * and comments never reach the public URL. The camera's orientation is applied to the pixels first, so dropping the
 * EXIF orientation tag does not turn photos sideways. Two sizes: the original (bounded, for enlarging) and a display
 * version for lists and thumbnails.
 *
 * Decoding is the costly step and its cost is the sender's choice (issue 29: a 143 KB PNG of 7000×7000 took 0.5 s,
 * decoded twice). So the header is read first and a canvas over MAX_INPUT_PIXELS (all frames together) or
 * MAX_INPUT_SIDE is refused before a pixel is decoded; then the picture is decoded ONCE, to the original's bounded
 * size, and both versions are encoded from those pixels.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { sharpFormatOf, type ImageKind } from './image-kind';

/** Decompression bombs and slow decodes: 25 megapixels (5000×5000) over every frame, no side over 10000 px. */
export const MAX_INPUT_PIXELS = 25_000_000;
export const MAX_INPUT_SIDE = 10_000;
export const ORIGINAL_MAX_SIDE = 4096;
export const DISPLAY_MAX_SIDE = 1080;

export interface ProcessedImage { original: Buffer; display: Buffer }

export class UndecodableImage extends Error {}
/** The header's canvas is over the limits (its width, height per frame and frames). */
export class ImageTooLarge extends Error {}

interface Animation { loop?: number; delay?: number[] }

function encode(image: Sharp, kind: ImageKind, animation: Animation): Sharp {
  switch (kind) {
    case 'jpg': return image.jpeg({ quality: 85 });
    case 'png': return image.png({ compressionLevel: 9 });
    case 'webp': return image.webp({ quality: 85, ...animation });
    case 'gif': return image.gif(animation);
    default: {
      const never: never = kind;
      return never;
    }
  }
}

const bounded = (side: number) => ({ width: side, height: side, fit: 'inside' as const, withoutEnlargement: true });

/**
 * The header alone (sharp reads no pixels for metadata): format, canvas, frames, animation. Refuses a canvas over
 * the limits (ImageTooLarge) and anything that is not the format its signature claims (UndecodableImage).
 */
export async function readHeader(bytes: Buffer, kind: ImageKind): Promise<Metadata> {
  const metadata = await headerOf(bytes, kind);
  refuseHugeCanvas(metadata);
  return metadata;
}

async function headerOf(bytes: Buffer, kind: ImageKind): Promise<Metadata> {
  try {
    const metadata = await sharp(bytes, { animated: kind === 'gif' || kind === 'webp', limitInputPixels: false }).metadata();
    if (metadata.format !== sharpFormatOf[kind]) throw new UndecodableImage(`declared ${kind}, decoded ${metadata.format}`);
    return metadata;
  } catch (error) {
    throw error instanceof UndecodableImage ? error : new UndecodableImage(String(error));
  }
}

function refuseHugeCanvas(metadata: Metadata): void {
  const width = metadata.width ?? 0;
  const pages = metadata.pages ?? 1;
  // an animation opened with all its frames reports them stacked: pageHeight is one frame
  const frameHeight = metadata.pageHeight ?? metadata.height ?? 0;
  const stacked = pages > 1 && (metadata.height ?? 0) >= frameHeight * pages;
  const pixels = width * (stacked ? metadata.height ?? 0 : frameHeight * pages);
  if (width > MAX_INPUT_SIDE || frameHeight > MAX_INPUT_SIDE || pixels > MAX_INPUT_PIXELS) {
    throw new ImageTooLarge(`${width}×${frameHeight}×${pages}`);
  }
}

interface Pixels { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4; premultiplied: boolean; pages: number }

const fromPixels = (p: Pixels): Sharp => sharp(p.data, {
  raw: {
    width: p.width, height: p.height, channels: p.channels, premultiplied: p.premultiplied,
    ...(p.pages > 1 ? { pageHeight: p.height / p.pages } : {}),
  },
});

/**
 * The display version from the decoded pixels. sharp resizes raw frames stacked as one tall image (it drops their
 * page height), so an animation is scaled as that stack to whole frames and set back as frames; nearest-neighbour
 * keeps each frame's rows out of the next one's (GIF's palette loses little by it).
 */
async function displayOf(p: Pixels, kind: ImageKind, animation: Animation): Promise<Buffer> {
  if (p.pages === 1) return encode(fromPixels(p).resize(bounded(DISPLAY_MAX_SIDE)), kind, animation).toBuffer();
  const frameHeight = p.height / p.pages;
  const scale = Math.min(1, DISPLAY_MAX_SIDE / Math.max(p.width, frameHeight));
  const width = Math.max(1, Math.round(p.width * scale));
  const height = Math.max(1, Math.round(frameHeight * scale));
  const data = await fromPixels(p).resize({ width, height: height * p.pages, fit: 'fill', kernel: 'nearest' }).raw().toBuffer();
  return encode(fromPixels({ ...p, data, width, height: height * p.pages }), kind, animation).toBuffer();
}

/** Decodes once and encodes both versions; `metadata` is readHeader's answer when the caller already read it. */
export async function processImage(bytes: Buffer, kind: ImageKind, header?: Metadata): Promise<ProcessedImage> {
  const metadata = header ?? await readHeader(bytes, kind);
  const pages = metadata.pages ?? 1;
  const animation: Animation = pages > 1 ? { loop: metadata.loop, delay: metadata.delay } : {};
  try {
    // animated GIF/WebP keep their frames; a single-frame picture is oriented by its EXIF tag
    const source = sharp(bytes, { animated: kind === 'gif' || kind === 'webp', limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { data, info } = await (pages > 1 ? source : source.rotate()).resize(bounded(ORIGINAL_MAX_SIDE)).raw()
      .toBuffer({ resolveWithObject: true });
    const pixels: Pixels = { data, width: info.width, height: info.height, channels: info.channels, premultiplied: info.premultiplied, pages };
    // one after the other: two encoders at once held twice the working memory for no gain on a busy machine
    const original = await encode(fromPixels(pixels), kind, animation).toBuffer();
    return { original, display: await displayOf(pixels, kind, animation) };
  } catch (error) {
    throw new UndecodableImage(String(error));
  }
}
