/** The pay info's `url`: a PNG data URL of the QR that encodes a code_url, rendered locally (no image service). */
import QRCode from 'qrcode';

export async function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 280, type: 'image/png' });
}
