/**
 * The QR a shopper scans: an SVG of the code_url, rendered locally (no image service). The pay info's `url` points at
 * `GET /api/pay/qr/:paymentId` (services/api/checkout), which serves it — as origin's pointed at a PNG on OSS — so
 * submit, /order/pay and /order/getUrl never render one: a flash sale's hundred winners answer without a hundred
 * renders on the event loop, and the browser draws only the QR it shows. SVG rather than PNG: the same modules drawn
 * as one path, without the PNG filter and deflate pass (about 0.7 ms of CPU instead of 9 ms). A code_url never
 * changes what it encodes, so the last few hundred are kept.
 */
import QRCode from 'qrcode';

const KEPT = 500;
const rendered = new Map<string, Promise<string>>();

export const QR_IMAGE_TYPE = 'image/svg+xml';

/** Where the storefront loads the QR of a payment (the pay info's `url`). */
export const payQrPath = (paymentId: string): string => `/api/pay/qr/${encodeURIComponent(paymentId)}`;

export function qrSvg(text: string): Promise<string> {
  const known = rendered.get(text);
  if (known) return known;
  const image = QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 280 });
  rendered.set(text, image);
  image.catch(() => rendered.delete(text));
  if (rendered.size > KEPT) rendered.delete(rendered.keys().next().value as string);
  return image;
}
