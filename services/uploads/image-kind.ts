/**
 * What a file is, read from its first bytes (magic numbers), never from its name or declared type: a renamed script or
 * an SVG (which can carry script) is not a picture here.
 */
export type ImageKind = 'jpg' | 'png' | 'webp' | 'gif';

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function imageKindOf(bytes: Buffer): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** sharp's name of each format, to check the decoder agrees with the signature. */
export const sharpFormatOf: Record<ImageKind, string> = { jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif' };
