import { api } from '../api-client';

/** What POST /file/upload answers: the display picture, and the bounded original for enlarging. */
export interface UploadedImage { url: string; originalUrl: string }

/** Spec §7 upload: multipart with one `file`, answers data.url. The server decides by the bytes what it accepts. */
export function uploadImage(file: Blob, signal?: AbortSignal): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return api.request<UploadedImage>('POST', '/file/upload', { body: form, signal });
}

/** The browser-side mirror of the server's limits, so a shopper hears at once instead of after the upload. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const IMAGE_TOO_LARGE = '图片大小不能超过5MB';
export const IMAGE_TYPE_REFUSED = '仅支持 JPEG、PNG、WebP、GIF 格式的图片';
