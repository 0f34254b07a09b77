/** Text inside generated SVG: always escaped (labels come from URLs), measured roughly to size pills and lines. */
export const FONT_FAMILY = `'WenQuanYi Micro Hei', 'PingFang SC', 'Microsoft YaHei', sans-serif`;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** Width in em: CJK and full-width characters are square, Latin narrower. */
export function textWidthEm(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]/.test(char) ? 1 : 0.58;
  return width;
}

export interface TextOptions {
  x: number;
  y: number;
  size: number;
  fill: string;
  weight?: number;
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
}

export function svgText(text: string, o: TextOptions): string {
  const weight = o.weight ? ` font-weight="${o.weight}"` : '';
  const opacity = o.opacity !== undefined ? ` opacity="${o.opacity}"` : '';
  return `<text x="${o.x}" y="${o.y}" font-family="${FONT_FAMILY}" font-size="${o.size}" fill="${o.fill}"` +
    ` text-anchor="${o.anchor ?? 'start'}" dominant-baseline="central"${weight}${opacity}>${escapeXml(text)}</text>`;
}

/** Splits a label into at most `lines` lines of about `perLine` em each. */
export function wrapText(text: string, perLine: number, lines: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const char of text) {
    if (textWidthEm(current + char) > perLine) {
      out.push(current);
      current = '';
      if (out.length === lines) break;
    }
    current += char;
  }
  if (out.length < lines && current) out.push(current);
  return out;
}
