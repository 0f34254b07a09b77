/** The pieces every picture shares: the document, the soft gradient background, the floor shadow, a placed item. */
import type { Palette } from './colors';
import { escapeXml } from './svg-text';

export function svgDocument(width: number, height: number, body: string, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"` +
    ` role="img"><title>${escapeXml(title)}</title>${body}</svg>`;
}

export function gradientDefs(p: Palette, angle: 'diagonal' | 'vertical' | 'horizontal' = 'diagonal'): string {
  const [x2, y2] = angle === 'vertical' ? [0, 1] : angle === 'horizontal' ? [1, 0] : [1, 1];
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="${x2}" y2="${y2}">` +
    `<stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>` +
    `<radialGradient id="glow" cx=".5" cy=".45" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".85"/>` +
    `<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>`;
}

export const background = (width: number, height: number, rx = 0): string =>
  `<rect width="${width}" height="${height}" rx="${rx}" fill="url(#bg)"/>`;

export const glow = (cx: number, cy: number, r: number): string =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#glow)"/>`;

export const blob = (cx: number, cy: number, r: number, color: string, opacity: number): string =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}" opacity="${opacity}"/>`;

export const floorShadow = (cx: number, cy: number, rx: number, color: string): string =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx / 8)}" fill="${color}" opacity=".14"/>`;

/** Places a 400×400 illustration with its centre at (cx, cy). */
export const place = (art: string, cx: number, cy: number, scale: number, rotate = 0): string =>
  `<g transform="translate(${cx} ${cy}) rotate(${rotate}) scale(${scale}) translate(-200 -200)">${art}</g>`;

/** A few dots in a grid: texture for empty corners. */
export function dots(x: number, y: number, cols: number, rows: number, gap: number, color: string): string {
  let out = '';
  for (let i = 0; i < cols; i += 1) {
    for (let j = 0; j < rows; j += 1) out += `<circle cx="${x + i * gap}" cy="${y + j * gap}" r="3" fill="${color}"/>`;
  }
  return `<g opacity=".35">${out}</g>`;
}
