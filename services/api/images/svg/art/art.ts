/** An illustration draws one item in a 400×400 box centred on (200, 200), coloured by the item's tint. */
import type { TintName } from '../../image-url';
import type { Tint } from '../colors';

export interface Illustration {
  draw: (tint: Tint) => string;
  /** The tint used when the URL names none (fruit is red or orange by nature). */
  tint: TintName;
  /** The companion colour in the two-item picture (white packaging by default; fruit has natural varieties). */
  alt?: TintName;
}

/** Soft light and shade over flat shapes: the whole look of the set. */
export const shine = (x: number, y: number, w: number, h: number, r = Math.min(w, h) / 2): string =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="#fff" opacity=".28"/>`;
export const shade = (d: string): string => `<path d="${d}" fill="#000" opacity=".08"/>`;
