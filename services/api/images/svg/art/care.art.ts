/** Beauty, personal care and baby goods. */
import { shade, shine, type Illustration } from './art';

const cream: Illustration = {
  tint: 'pink',
  draw: (t) => `
<rect x="104" y="196" width="192" height="120" rx="22" fill="${t.main}"/>
${shade('M200 196 H274 Q296 196 296 218 V294 Q296 316 274 316 H200 Z')}
<rect x="94" y="152" width="212" height="56" rx="18" fill="${t.dark}"/>
<rect x="136" y="236" width="128" height="44" rx="8" fill="#fff" opacity=".85"/>
<rect x="160" y="252" width="80" height="10" rx="5" fill="${t.dark}" opacity=".7"/>
${shine(110, 162, 80, 10, 5)}
<path d="M312 300 Q332 280 350 300 Q332 318 312 300 Z" fill="${t.light}"/>`,
};

const serum: Illustration = {
  tint: 'gold',
  draw: (t) => `
<rect x="178" y="62" width="44" height="78" rx="20" fill="#33363c"/>
<rect x="176" y="134" width="48" height="36" rx="6" fill="${t.dark}"/>
<rect x="146" y="164" width="108" height="176" rx="26" fill="${t.light}" opacity=".9"/>
<rect x="146" y="222" width="108" height="118" rx="26" fill="${t.main}"/>
<rect x="164" y="242" width="72" height="62" rx="8" fill="#fff" opacity=".9"/>
<rect x="178" y="262" width="44" height="8" rx="4" fill="${t.dark}"/><rect x="184" y="278" width="32" height="6" rx="3" fill="${t.dark}" opacity=".6"/>
${shine(156, 178, 10, 140, 5)}`,
};

const lipstick: Illustration = {
  tint: 'red', alt: 'pink',
  draw: (t) => `
<path d="M172 194 L172 106 Q172 94 184 88 L228 66 L228 194 Z" fill="${t.main}"/>
<path d="M200 194 V78 L228 66 V194 Z" fill="#000" opacity=".1"/>
<rect x="164" y="188" width="72" height="48" rx="4" fill="#e2bd74"/>
<rect x="164" y="188" width="72" height="10" fill="#b38c40"/>
<rect x="156" y="232" width="88" height="112" rx="8" fill="#2b2d33"/>
${shine(168, 246, 10, 80, 5)}
<g transform="rotate(-70 300 300)"><rect x="262" y="262" width="76" height="116" rx="8" fill="#2b2d33"/><rect x="262" y="262" width="76" height="14" fill="#e2bd74"/></g>`,
};

const toothbrush: Illustration = {
  tint: 'white',
  draw: (t) => `
<rect x="186" y="40" width="28" height="52" rx="12" fill="#fff" stroke="#d4d7dc" stroke-width="3"/>
<g fill="#7fc3f2"><rect x="190" y="46" width="6" height="26" rx="3"/><rect x="197" y="46" width="6" height="26" rx="3"/><rect x="204" y="46" width="6" height="26" rx="3"/></g>
<rect x="190" y="84" width="20" height="70" rx="9" fill="${t.main}" stroke="${t.dark}" stroke-width="3"/>
<rect x="170" y="140" width="60" height="200" rx="28" fill="${t.main}" stroke="${t.dark}" stroke-width="3"/>
<circle cx="200" cy="214" r="13" fill="${t.dark}"/><circle cx="200" cy="214" r="5" fill="#7fc3f2"/>
<ellipse cx="200" cy="342" rx="66" ry="16" fill="${t.dark}"/>
${shine(180, 160, 8, 150, 4)}`,
};

const shampoo: Illustration = {
  tint: 'mint',
  draw: (t) => `
<path d="M200 116 V88 H254 V100" fill="none" stroke="${t.dark}" stroke-width="12" stroke-linejoin="round"/>
<rect x="184" y="108" width="32" height="46" rx="4" fill="${t.dark}"/>
<rect x="138" y="148" width="124" height="194" rx="32" fill="${t.main}"/>
${shade('M200 148 H230 Q262 148 262 180 V310 Q262 342 230 342 H200 Z')}
<rect x="158" y="206" width="84" height="92" rx="10" fill="#fff" opacity=".88"/>
<rect x="172" y="226" width="56" height="10" rx="5" fill="${t.dark}"/><rect x="178" y="246" width="44" height="8" rx="4" fill="${t.dark}" opacity=".6"/>
<g fill="#fff" opacity=".7"><circle cx="300" cy="180" r="14"/><circle cx="322" cy="214" r="9"/><circle cx="292" cy="232" r="6"/></g>`,
};

const bottle: Illustration = {
  tint: 'sky',
  draw: (t) => `
<path d="M182 108 Q182 60 200 56 Q218 60 218 108 Z" fill="#f5d0a9"/>
<rect x="162" y="104" width="76" height="34" rx="8" fill="${t.main}"/>
<rect x="150" y="136" width="100" height="204" rx="30" fill="#fff" opacity=".92" stroke="${t.dark}" stroke-width="3"/>
<rect x="154" y="196" width="92" height="140" rx="26" fill="#fffaf0"/>
<g stroke="${t.dark}" stroke-width="3" opacity=".7"><path d="M156 180 H176"/><path d="M156 220 H176"/><path d="M156 260 H176"/><path d="M156 300 H176"/></g>
<path d="M210 250 C190 232 198 214 212 226 C226 214 234 232 214 250 Z" fill="${t.main}"/>`,
};

const jar: Illustration = {
  tint: 'orange',
  draw: (t) => `
<rect x="128" y="150" width="144" height="184" rx="28" fill="#fff" opacity=".92" stroke="#e5e7eb" stroke-width="3"/>
<rect x="134" y="196" width="132" height="132" rx="24" fill="${t.main}"/>
<rect x="122" y="122" width="156" height="42" rx="10" fill="${t.dark}"/>
<rect x="156" y="226" width="88" height="54" rx="10" fill="#fff" opacity=".85"/>
<rect x="172" y="246" width="56" height="10" rx="5" fill="${t.dark}"/>
<g transform="rotate(30 310 250)"><ellipse cx="310" cy="190" rx="20" ry="28" fill="#f4a3b8"/><rect x="304" y="212" width="12" height="110" rx="6" fill="#f4a3b8"/></g>`,
};

const block = (x: number, y: number, fill: string, symbol: string): string =>
  `<rect x="${x}" y="${y}" width="100" height="100" rx="16" fill="${fill}"/>` +
  `<rect x="${x}" y="${y}" width="100" height="100" rx="16" fill="none" stroke="#000" stroke-opacity=".1" stroke-width="4"/>` +
  `<g transform="translate(${x + 50} ${y + 50})" fill="#fff" opacity=".9">${symbol}</g>`;

const blocks: Illustration = {
  tint: 'green',
  draw: (t) => `
${block(92, 228, '#3d7be0', '<circle r="24"/>')}${block(208, 228, '#f6cf45', '<path d="M0 -26 L26 20 H-26 Z"/>')}
${block(150, 120, t.main, '<path d="M0 -28 L8 -8 L28 -8 L12 5 L18 26 L0 13 L-18 26 L-12 5 L-28 -8 L-8 -8 Z"/>')}
<g transform="rotate(-12 320 150)">${block(280, 110, '#e0463f', '<rect x="-20" y="-20" width="40" height="40" rx="6"/>')}</g>`,
};

const onesie: Illustration = {
  tint: 'yellow',
  draw: (t) => `
<path d="M150 78 Q200 112 250 78 L314 110 L292 164 L266 152 L266 276 Q246 318 222 330 L178 330 Q154 318 134 276 L134 152 L108 164 L86 110 Z" fill="${t.main}"/>
${shade('M200 96 Q226 92 250 78 L314 110 L292 164 L266 152 L266 276 Q246 318 222 330 L200 330 Z')}
<path d="M150 78 Q200 120 250 78" fill="none" stroke="${t.dark}" stroke-width="8" stroke-linecap="round"/>
<path d="M200 226 C168 200 180 170 200 186 C220 170 232 200 200 226 Z" fill="#fff" opacity=".85"/>
<g fill="${t.dark}"><circle cx="186" cy="318" r="4"/><circle cx="200" cy="318" r="4"/><circle cx="214" cy="318" r="4"/></g>`,
};

export const careArt = { cream, serum, lipstick, toothbrush, shampoo, bottle, jar, blocks, onesie };
