/** Bedding, furniture, lamps and drinkware. */
import { shade, shine, type Illustration } from './art';

const bedding: Illustration = {
  tint: 'sky',
  draw: (t) => `
<rect x="66" y="244" width="268" height="74" rx="20" fill="${t.dark}"/>
<rect x="78" y="180" width="244" height="70" rx="20" fill="${t.main}"/>
<g stroke="#fff" stroke-width="6" opacity=".45"><path d="M100 196 V236"/><path d="M130 196 V236"/><path d="M160 196 V236"/><path d="M240 196 V236"/><path d="M270 196 V236"/><path d="M300 196 V236"/></g>
<rect x="92" y="118" width="216" height="68" rx="20" fill="${t.light}"/>
<rect x="184" y="112" width="32" height="210" fill="#fff" opacity=".75"/>
${shine(108, 128, 60, 10, 5)}`,
};

const pillow: Illustration = {
  tint: 'beige',
  draw: (t) => `
<path d="M120 110 Q220 86 320 110 Q338 176 320 244 Q220 268 120 244 Q102 176 120 110 Z" fill="${t.light}" stroke="${t.dark}" stroke-width="3"/>
<path d="M80 160 Q200 128 320 160 Q344 240 320 316 Q200 344 80 316 Q56 240 80 160 Z" fill="${t.main}"/>
<path d="M100 176 Q200 150 300 176 Q318 240 300 300 Q200 324 100 300 Q84 240 100 176 Z" fill="none" stroke="${t.dark}" stroke-width="3" stroke-dasharray="9 8" opacity=".7"/>
${shine(120, 186, 70, 14, 7)}`,
};

const sofa: Illustration = {
  tint: 'grey',
  draw: (t) => `
<rect x="74" y="132" width="252" height="116" rx="30" fill="${t.main}"/>
<path d="M200 140 V240" stroke="${t.dark}" stroke-width="4" opacity=".5"/>
<rect x="74" y="226" width="252" height="62" rx="18" fill="${t.light}"/>
<path d="M200 230 V284" stroke="${t.dark}" stroke-width="4" opacity=".4"/>
<rect x="44" y="180" width="60" height="122" rx="26" fill="${t.dark}"/><rect x="296" y="180" width="60" height="122" rx="26" fill="${t.dark}"/>
<rect x="78" y="300" width="14" height="34" rx="4" fill="#6e4a2d"/><rect x="308" y="300" width="14" height="34" rx="4" fill="#6e4a2d"/>
<rect x="214" y="168" width="78" height="62" rx="16" transform="rotate(10 253 199)" fill="#fff" opacity=".8"/>
${shine(92, 146, 90, 12, 6)}`,
};

const lamp: Illustration = {
  tint: 'yellow',
  draw: (t) => `
<ellipse cx="200" cy="214" rx="120" ry="32" fill="#fff6cf" opacity=".7"/>
<path d="M138 84 L262 84 L304 204 L96 204 Z" fill="${t.main}"/>
${shade('M200 84 H262 L304 204 H200 Z')}
<rect x="194" y="204" width="12" height="108" fill="#b38c40"/>
<ellipse cx="200" cy="320" rx="72" ry="18" fill="${t.dark}"/>
<path d="M150 100 L126 188" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".4"/>`,
};

const thermos: Illustration = {
  tint: 'mint',
  draw: (t) => `
<rect x="150" y="108" width="100" height="236" rx="32" fill="${t.main}"/>
${shade('M200 108 H218 Q250 108 250 140 V312 Q250 344 218 344 H200 Z')}
<rect x="150" y="112" width="100" height="16" fill="#d5dae0"/>
<rect x="154" y="66" width="92" height="52" rx="16" fill="${t.dark}"/>
${shine(166, 142, 14, 170, 7)}
<rect x="258" y="254" width="64" height="90" rx="14" fill="${t.dark}"/>
<rect x="262" y="262" width="56" height="10" fill="#d5dae0"/>`,
};

const mug: Illustration = {
  tint: 'white',
  draw: (t) => `
<path d="M166 100 Q156 80 170 62 M206 100 Q196 76 210 56" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".9"/>
<path d="M266 170 Q336 172 332 232 Q328 286 266 288" fill="none" stroke="${t.dark}" stroke-width="24"/>
<rect x="108" y="126" width="164" height="196" rx="26" fill="${t.main}" stroke="${t.dark}" stroke-width="3"/>
<ellipse cx="190" cy="128" rx="82" ry="15" fill="${t.dark}"/>
<ellipse cx="190" cy="130" rx="72" ry="10" fill="#7a4a2a"/>
<path d="M190 250 C150 222 166 192 190 210 C214 192 230 222 190 250 Z" fill="#e0463f" opacity=".85"/>
${shine(124, 150, 12, 140, 6)}`,
};

export const homeArt = { bedding, pillow, sofa, lamp, thermos, mug };
