/** Small square pictures: category tiles, shop logos, brand tiles and avatars. */
import type { Palette, Tint } from './colors';
import { background, blob, floorShadow, glow, gradientDefs, place, svgDocument } from './frame';
import { svgText, textWidthEm } from './svg-text';

export interface MarkPicture {
  art: (tint: Tint) => string;
  tint: Tint;
  palette: Palette;
  label?: string;
}

/** A category tile (240×240): the family's item on its palette, the name under it when given. */
export function renderCategory(pic: MarkPicture): string {
  const { palette: p, label } = pic;
  const itemY = label ? 104 : 120;
  const body = gradientDefs(p) + background(240, 240, 36) + blob(200, 40, 70, p.blob, 0.5) + glow(120, 110, 110) +
    floorShadow(120, label ? 170 : 190, 64, p.deep) + place(pic.art(pic.tint), 120, itemY, label ? 0.42 : 0.5) +
    (label ? svgText(label, { x: 120, y: 206, size: fitSize(label, 200, 26), fill: p.deep, anchor: 'middle', weight: 600 }) : '');
  return svgDocument(240, 240, body, label ?? '分类');
}

/** A shop logo (240×240): a round badge with the shop's item and its short name. */
export function renderShopLogo(pic: MarkPicture): string {
  const { palette: p, label } = pic;
  const body = gradientDefs(p, 'vertical') + `<circle cx="120" cy="120" r="116" fill="${p.accent}"/>` +
    `<circle cx="120" cy="120" r="104" fill="url(#bg)"/>` +
    `<circle cx="120" cy="120" r="104" fill="none" stroke="#fff" stroke-width="4" opacity=".7"/>` +
    place(pic.art(pic.tint), 120, label ? 96 : 120, label ? 0.34 : 0.44) +
    (label ? `<rect x="40" y="150" width="160" height="46" rx="23" fill="${p.accent}"/>` +
      svgText(label, { x: 120, y: 173, size: fitSize(label, 140, 28), fill: '#fff', anchor: 'middle', weight: 700 }) : '');
  return svgDocument(240, 240, body, label ?? '店铺');
}

/** A brand tile (240×120): a wordmark beside a small item. */
export function renderBrand(pic: MarkPicture): string {
  const { palette: p, label } = pic;
  const text = label ?? '品牌';
  const body = gradientDefs(p, 'horizontal') + background(240, 120, 16) +
    `<rect x="4" y="4" width="232" height="112" rx="13" fill="#fff" opacity=".55"/>` +
    place(pic.art(pic.tint), 56, 60, 0.24) +
    svgText(text, { x: 100, y: 60, size: fitSize(text, 126, 26), fill: p.deep, weight: 700 });
  return svgDocument(240, 120, body, text);
}

const skin = ['#f6d3b3', '#eec19c', '#e2ab84', '#f3c9a7'];
const hair = ['#2b2118', '#4a3424', '#6b4a2f', '#1f1f24', '#8a5a3c'];

/** An avatar (160×160), one of 24: a friendly bust on a coloured disc. */
export function renderAvatar(n: number, palettes: Palette[]): string {
  const p = palettes[n % palettes.length];
  const face = skin[n % skin.length];
  const hairColor = hair[(n * 7) % hair.length];
  const long = n % 2 === 0;
  const shirt = [p.accent, p.deep, '#3d7be0', '#e0463f'][n % 4];
  const hairBack = long ? `<path d="M46 78 Q46 30 80 30 Q114 30 114 78 L118 124 H42 Z" fill="${hairColor}"/>` : '';
  const body = gradientDefs(p) + `<circle cx="80" cy="80" r="80" fill="url(#bg)"/>` + hairBack +
    `<path d="M26 160 Q30 112 80 108 Q130 112 134 160 Z" fill="${shirt}"/>` +
    `<rect x="70" y="92" width="20" height="22" rx="8" fill="${face}"/>` +
    `<ellipse cx="80" cy="70" rx="30" ry="34" fill="${face}"/>` +
    `<path d="M50 66 Q52 34 80 34 Q110 34 110 66 Q96 50 72 52 Q58 54 50 66 Z" fill="${hairColor}"/>` +
    `<circle cx="69" cy="74" r="3.5" fill="#2b2118"/><circle cx="91" cy="74" r="3.5" fill="#2b2118"/>` +
    `<path d="M72 88 Q80 94 88 88" fill="none" stroke="#b5654a" stroke-width="3" stroke-linecap="round"/>` +
    `<circle cx="62" cy="84" r="5" fill="#f29d9d" opacity=".45"/><circle cx="98" cy="84" r="5" fill="#f29d9d" opacity=".45"/>`;
  return svgDocument(160, 160, `<clipPath id="disc"><circle cx="80" cy="80" r="80"/></clipPath><g clip-path="url(#disc)">${body}</g>`, '头像');
}

/** The largest font size (up to `max`) that fits `text` in `width`. */
export function fitSize(text: string, width: number, max: number): number {
  return Math.max(12, Math.min(max, Math.floor(width / Math.max(1, textWidthEm(text)))));
}
