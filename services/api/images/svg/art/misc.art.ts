/** Marketing pictures: gifts, coupons, a video screen. */
import { shade, shine, type Illustration } from './art';
import { FONT_FAMILY } from '../svg-text';

const gift: Illustration = {
  tint: 'red',
  draw: (t) => `
<path d="M200 150 C160 90 110 110 130 150 Z M200 150 C240 90 290 110 270 150 Z" fill="${t.light}" stroke="${t.dark}" stroke-width="4"/>
<rect x="100" y="188" width="200" height="146" rx="10" fill="${t.main}"/>
${shade('M200 188 H290 Q300 188 300 198 V324 Q300 334 290 334 H200 Z')}
<rect x="86" y="150" width="228" height="48" rx="10" fill="${t.dark}"/>
<rect x="184" y="150" width="32" height="184" fill="#f6cf45"/>
${shine(112, 204, 10, 110, 5)}`,
};

const coupon: Illustration = {
  tint: 'red',
  draw: (t) => `
<g transform="rotate(-8 200 200)">
<path d="M70 130 H330 V180 A22 22 0 0 0 330 224 V274 H70 V224 A22 22 0 0 0 70 180 Z" fill="${t.main}"/>
<path d="M250 140 V266" stroke="#fff" stroke-width="4" stroke-dasharray="8 8" opacity=".7"/>
<text x="160" y="214" font-size="76" font-weight="700" fill="#fff" text-anchor="middle" dominant-baseline="central" font-family="${FONT_FAMILY}">¥</text>
<circle cx="290" cy="202" r="18" fill="#fff" opacity=".85"/>
</g>`,
};

const video: Illustration = {
  tint: 'black',
  draw: (t) => `
<rect x="60" y="90" width="280" height="190" rx="20" fill="${t.main}"/>
<rect x="72" y="102" width="256" height="166" rx="12" fill="${t.light}"/>
<path d="M72 230 C140 190 220 250 328 200 V256 Q328 268 316 268 H84 Q72 268 72 256 Z" fill="#fff" opacity=".25"/>
<circle cx="200" cy="185" r="44" fill="#fff" opacity=".92"/>
<path d="M186 160 L226 185 L186 210 Z" fill="${t.dark}"/>
<rect x="150" y="292" width="100" height="12" rx="6" fill="${t.dark}"/>`,
};

export const miscArt = { gift, coupon, video };
