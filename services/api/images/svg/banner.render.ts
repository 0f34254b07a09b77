/** Banners (1200×400): a headline and a call to action on the left, the item large on the right. */
import type { Palette, Tint } from './colors';
import { background, blob, dots, floorShadow, glow, gradientDefs, place, svgDocument } from './frame';
import { fitSize } from './marks.render';
import { svgText, textWidthEm } from './svg-text';

export interface BannerPicture {
  art: (tint: Tint) => string;
  tint: Tint;
  palette: Palette;
  label?: string;
  sub?: string;
  /** 1 the shopping banner, 2 a quieter cover (video, custom pages). */
  variant: number;
}

export function renderBanner(pic: BannerPicture): string {
  const { palette: p } = pic;
  const title = pic.label ?? '集市好物';
  const titleSize = fitSize(title, 560, 72);
  const cta = pic.variant === 2 ? '' : callToAction(p);
  const sub = pic.sub ? svgText(pic.sub, { x: 120, y: 236, size: fitSize(pic.sub, 560, 32), fill: p.accent, weight: 500 }) : '';
  const body = gradientDefs(p, 'horizontal') + background(1200, 400) +
    blob(960, 200, 230, p.blob, 0.55) + blob(1140, 40, 120, '#fff', 0.35) + blob(40, 380, 120, p.blob, 0.4) +
    dots(640, 60, 6, 3, 28, p.accent) + glow(930, 210, 220) + floorShadow(930, 350, 170, p.deep) +
    place(pic.art(pic.tint), 930, 200, 0.82, -4) +
    `<rect x="120" y="96" width="64" height="10" rx="5" fill="${p.accent}"/>` +
    svgText(title, { x: 120, y: 164, size: titleSize, fill: p.deep, weight: 800 }) + sub + cta;
  return svgDocument(1200, 400, body, title);
}

function callToAction(p: Palette): string {
  const text = '立即抢购 ›';
  const width = Math.round(textWidthEm(text) * 28 + 64);
  return `<rect x="120" y="282" width="${width}" height="58" rx="29" fill="${p.accent}"/>` +
    svgText(text, { x: 120 + width / 2, y: 311, size: 28, fill: '#fff', anchor: 'middle', weight: 600 });
}
