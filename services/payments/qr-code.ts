/**
 * The pay info's `url`: a PNG data URL of the QR that encodes a code_url, rendered locally (no image service).
 * Rendering costs ~7 ms of CPU and the same code_url is asked for at submit, at /order/pay and /order/getUrl while
 * the QR lives, so the last few hundred are kept (a code_url never changes what it encodes).
 */
import QRCode from 'qrcode';

const KEPT = 500;
const rendered = new Map<string, Promise<string>>();

export function qrDataUrl(text: string): Promise<string> {
  const known = rendered.get(text);
  if (known) return known;
  const image = QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 280, type: 'image/png' });
  rendered.set(text, image);
  image.catch(() => rendered.delete(text));
  if (rendered.size > KEPT) rendered.delete(rendered.keys().next().value as string);
  return image;
}
