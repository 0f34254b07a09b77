/**
 * The URL grammar of the generated images: `/api/images/<kind>/<name>.svg?palette=&tint=&v=&label=&sub=`.
 * Everything the picture needs is in the URL, so the renderer knows nothing about the catalogue; the seed (and any other
 * slice wanting a placeholder) builds URLs with `imageUrl`. Served under /api so the dev server's proxy reaches it.
 */
import { z } from 'zod';
import { decimal } from '../edge/decimal';

export const IMAGE_PREFIX = '/api/images';

export const imageKinds = ['product', 'category', 'shop-logo', 'banner', 'brand', 'avatar'] as const;
export type ImageKind = (typeof imageKinds)[number];

/** Illustrations: one clean vector drawing per product family. */
export const arts = [
  'phone', 'earbuds', 'headphones', 'watch', 'tablet', 'powerbank',
  'dress', 'hoodie', 'tshirt', 'shirt', 'coat',
  'sneaker', 'backpack', 'handbag', 'suitcase',
  'nuts', 'cookies', 'tea', 'coffee',
  'apple', 'orange', 'mango', 'grapes', 'cherry', 'egg',
  'bedding', 'pillow', 'sofa', 'lamp', 'thermos', 'mug',
  'yogamat', 'dumbbell', 'tent', 'basketball', 'racket',
  'cream', 'serum', 'lipstick', 'toothbrush', 'shampoo',
  'bottle', 'jar', 'blocks', 'onesie',
  'gift', 'coupon', 'video',
] as const;
export type Art = (typeof arts)[number];

/** Background palettes, one per top-level category (plus neutral ones). */
export const paletteNames = ['sky', 'rose', 'sand', 'amber', 'leaf', 'lilac', 'teal', 'peach', 'lemon', 'slate', 'red'] as const;
export type PaletteName = (typeof paletteNames)[number];

/** Item colours (a SKU's 颜色 maps to one of these). */
export const tintNames = [
  'black', 'white', 'grey', 'silver', 'blue', 'navy', 'sky', 'green', 'mint', 'red', 'wine', 'pink', 'purple',
  'yellow', 'orange', 'gold', 'beige', 'brown', 'natural',
] as const;
export type TintName = (typeof tintNames)[number];

/** A short visible text: printable characters only, escaped when drawn. */
const Text = (max: number) => z.string().min(1).max(max).regex(/^[^\p{Cc}\p{Cs}\p{Co}]+$/u);

export const ImageQuery = z.object({
  palette: z.enum(paletteNames).optional(),
  tint: z.enum(tintNames).optional(),
  /** Picture variant (angle, composition). */
  v: decimal(z.number().int().min(1).max(6).optional()),
  label: Text(16).optional(),
  sub: Text(24).optional(),
}).strict();
export type ImageQuery = z.infer<typeof ImageQuery>;

/** Which names each kind accepts: an illustration, or for avatars a number. */
export function isKnownName(kind: ImageKind, name: string): boolean {
  if (kind === 'avatar') return /^(?:[1-9]|1\d|2[0-4])$/.test(name);
  return (arts as readonly string[]).includes(name);
}

export const isImageKind = (kind: string): kind is ImageKind => (imageKinds as readonly string[]).includes(kind);

export function imageUrl(kind: ImageKind, name: Art | `${number}`, query: ImageQuery = {}): string {
  const params = new URLSearchParams();
  for (const key of ['palette', 'tint', 'v', 'label', 'sub'] as const) {
    const value = query[key];
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${IMAGE_PREFIX}/${kind}/${name}.svg${search ? `?${search}` : ''}`;
}
