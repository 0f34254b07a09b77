/**
 * Product pictures (800×800): variant 1 the hero shot, 2 a turned view, 3 a detail close-up, 4 two colours side by side,
 * 5 on a podium, 6 the item with its name as a card. Same item, same palette: a gallery that looks like one shoot.
 */
import type { Palette, Tint } from './colors';
import { background, blob, dots, floorShadow, glow, gradientDefs, place, svgDocument } from './frame';
import { svgText, textWidthEm, wrapText } from './svg-text';

export interface ProductPicture {
  art: (tint: Tint) => string;
  tint: Tint;
  /** A lighter companion colour for the two-item variant. */
  altTint: Tint;
  palette: Palette;
  variant: number;
  label?: string;
  sub?: string;
}

const S = 800;

function labelPill(text: string, p: Palette, y: number): string {
  const size = 34;
  const width = Math.round(textWidthEm(text) * size + 72);
  return `<rect x="${(S - width) / 2}" y="${y - 32}" width="${width}" height="64" rx="32" fill="#fff" opacity=".88"/>` +
    svgText(text, { x: S / 2, y, size, fill: p.deep, anchor: 'middle', weight: 600 });
}

function cornerTag(text: string, p: Palette): string {
  const size = 26;
  const width = Math.round(textWidthEm(text) * size + 44);
  return `<rect x="40" y="40" width="${width}" height="50" rx="25" fill="${p.accent}"/>` +
    svgText(text, { x: 40 + width / 2, y: 65, size, fill: '#fff', anchor: 'middle', weight: 600 });
}

function scene(pic: ProductPicture): string {
  const { art, tint, palette: p, label } = pic;
  switch (pic.variant) {
    case 2:
      return blob(200, 180, 230, p.blob, 0.5) + dots(560, 600, 5, 4, 26, p.accent) + glow(420, 380, 330) +
        floorShadow(420, 650, 220, p.deep) + place(art(tint), 420, 390, 1.45, -8) + (label ? labelPill(label, p, 720) : '');
    case 3:
      return blob(620, 620, 260, p.blob, 0.45) + glow(400, 400, 380) + place(art(tint), 470, 470, 2.6, 0) +
        cornerTag('细节展示', p);
    case 4:
      return blob(400, 330, 300, p.blob, 0.35) + glow(400, 380, 340) + floorShadow(270, 610, 150, p.deep) +
        floorShadow(540, 620, 150, p.deep) + place(art(pic.altTint), 270, 400, 1.05, -6) + place(art(tint), 540, 410, 1.1, 4) +
        (label ? labelPill(label, p, 720) : '');
    case 5:
      return blob(640, 160, 170, p.blob, 0.5) + glow(400, 330, 330) +
        `<ellipse cx="400" cy="620" rx="270" ry="56" fill="#fff" opacity=".75"/>` +
        `<ellipse cx="400" cy="636" rx="270" ry="56" fill="${p.blob}" opacity=".55"/>` +
        `<ellipse cx="400" cy="612" rx="250" ry="44" fill="#fff" opacity=".9"/>` +
        place(art(tint), 400, 380, 1.4) + cornerTag('品质之选', p);
    case 6:
      return sideCard(pic);
    default:
      return blob(650, 140, 170, p.blob, 0.45) + blob(110, 690, 140, p.blob, 0.35) + dots(70, 80, 4, 4, 26, p.accent) +
        glow(400, 370, 340) + floorShadow(400, 640, 230, p.deep) + place(art(tint), 400, 385, 1.5) +
        (label ? labelPill(label, p, 720) : '');
  }
}

function sideCard(pic: ProductPicture): string {
  const { palette: p } = pic;
  const lines = pic.label ? wrapText(pic.label, 6, 3) : [];
  const text = lines.map((line, i) => svgText(line, { x: 470, y: 300 + i * 60, size: 48, fill: p.deep, weight: 700 })).join('');
  const sub = pic.sub ? svgText(pic.sub, { x: 470, y: 320 + lines.length * 60, size: 26, fill: p.accent }) : '';
  return `<rect x="440" y="0" width="360" height="800" fill="#fff" opacity=".55"/>` + glow(230, 400, 260) +
    floorShadow(230, 600, 150, p.deep) + place(pic.art(pic.tint), 230, 410, 1.0) + text + sub +
    `<rect x="470" y="${230}" width="56" height="8" rx="4" fill="${p.accent}"/>`;
}

export function renderProduct(pic: ProductPicture): string {
  const angle = pic.variant === 2 || pic.variant === 4 ? 'vertical' : 'diagonal';
  return svgDocument(S, S, gradientDefs(pic.palette, angle) + background(S, S) + scene(pic), pic.label ?? '商品图片');
}
