import { z } from 'zod';

/** Proof and review images: at most 5 (spec §9). */
export const MAX_IMAGES = 5;
export const TOO_MANY_IMAGES = `最多上传${MAX_IMAGES}张图片`;

/**
 * Images arrive comma-joined on the API ("url1,url2", spec §3) and as a list from web forms; both become a list.
 * Absent means none.
 */
export const ImageList = z
  .union([z.string(), z.array(z.string())])
  .default('')
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string()).max(MAX_IMAGES, TOO_MANY_IMAGES));
export type ImageList = z.infer<typeof ImageList>;
