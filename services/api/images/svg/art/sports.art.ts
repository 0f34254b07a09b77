/** Fitness and outdoor gear. */
import { shade, shine, type Illustration } from './art';

const yogamat: Illustration = {
  tint: 'purple',
  draw: (t) => `
<path d="M40 312 L300 312 L340 340 L80 340 Z" fill="${t.light}"/>
<rect x="84" y="176" width="216" height="116" fill="${t.main}"/>
${shade('M84 234 H300 V292 H84 Z')}
<ellipse cx="84" cy="234" rx="28" ry="58" fill="${t.main}"/>
<ellipse cx="300" cy="234" rx="28" ry="58" fill="${t.dark}"/>
<path d="M300 234 m-4 0 a10 10 0 1 1 10 10 a18 18 0 1 1 -18 -22 a28 28 0 1 1 26 40" fill="none" stroke="${t.light}" stroke-width="4"/>
<rect x="150" y="172" width="16" height="124" fill="${t.dark}"/>
${shine(100, 188, 150, 10, 5)}`,
};

const plate = (x: number, w: number, h: number, fill: string): string =>
  `<rect x="${x}" y="${200 - h / 2}" width="${w}" height="${h}" rx="12" fill="${fill}"/>`;

const dumbbell: Illustration = {
  tint: 'black',
  draw: (t) => `
<rect x="110" y="190" width="180" height="20" rx="8" fill="#aab1ba"/>
${plate(62, 38, 150, t.main)}${plate(96, 30, 110, t.dark)}${plate(300, 38, 150, t.main)}${plate(274, 30, 110, t.dark)}
<rect x="46" y="186" width="20" height="28" rx="6" fill="#aab1ba"/><rect x="334" y="186" width="20" height="28" rx="6" fill="#aab1ba"/>
<ellipse cx="200" cy="300" rx="150" ry="12" fill="#000" opacity=".06"/>
${shine(70, 136, 8, 90, 4)}${shine(308, 136, 8, 90, 4)}`,
};

const tent: Illustration = {
  tint: 'orange',
  draw: (t) => `
<path d="M200 70 V40 L238 52 L200 62" fill="#e0463f" stroke="#8a5a2e" stroke-width="3"/>
<path d="M200 74 L344 322 L56 322 Z" fill="${t.main}"/>
${shade('M200 74 L344 322 H200 Z')}
<path d="M200 150 L254 322 H146 Z" fill="${t.dark}"/>
<path d="M200 150 Q214 250 254 322 L230 322 Q206 250 200 150 Z" fill="${t.light}" opacity=".7"/>
<path d="M30 326 H370" stroke="#7a8a5a" stroke-width="6" stroke-linecap="round"/>
<path d="M56 322 L34 344 M344 322 L366 344" stroke="#8a5a2e" stroke-width="4"/>`,
};

const basketball: Illustration = {
  tint: 'orange',
  draw: (t) => `
<circle cx="200" cy="200" r="132" fill="${t.main}"/>
${shade('M200 68 A132 132 0 0 1 200 332 A170 170 0 0 0 200 68 Z')}
<g fill="none" stroke="#3a2414" stroke-width="6"><path d="M200 68 V332"/><path d="M68 200 H332"/>
<path d="M108 106 Q170 200 108 294"/><path d="M292 106 Q230 200 292 294"/></g>
<ellipse cx="146" cy="134" rx="20" ry="34" transform="rotate(40 146 134)" fill="#fff" opacity=".25"/>`,
};

function racketStrings(cx: number, cy: number, rx: number, ry: number): string {
  let d = '';
  for (let dx = -60; dx <= 60; dx += 15) {
    const h = ry * Math.sqrt(1 - (dx / rx) ** 2);
    d += `M${cx + dx} ${(cy - h).toFixed(1)} V${(cy + h).toFixed(1)} `;
  }
  for (let dy = -80; dy <= 80; dy += 16) {
    const w = rx * Math.sqrt(1 - (dy / ry) ** 2);
    d += `M${(cx - w).toFixed(1)} ${cy + dy} H${(cx + w).toFixed(1)} `;
  }
  return `<path d="${d}" stroke="#fff" stroke-width="2.5" opacity=".9"/>`;
}

const racket: Illustration = {
  tint: 'blue',
  draw: (t) => `
<g transform="rotate(-24 180 200)">
  <ellipse cx="180" cy="140" rx="74" ry="96" fill="${t.light}" opacity=".35"/>
  ${racketStrings(180, 140, 74, 96)}
  <ellipse cx="180" cy="140" rx="74" ry="96" fill="none" stroke="${t.main}" stroke-width="12"/>
  <rect x="175" y="234" width="10" height="78" fill="#aab1ba"/>
  <rect x="168" y="306" width="24" height="74" rx="9" fill="${t.dark}"/>
</g>
<g transform="rotate(20 300 300)">
  <path d="M280 250 L320 250 L310 300 L290 300 Z" fill="#fff" stroke="#d4d7dc" stroke-width="3"/>
  <path d="M290 256 L296 298 M300 254 V300 M310 256 L304 298" stroke="#d4d7dc" stroke-width="2"/>
  <path d="M288 300 H312 Q312 326 300 326 Q288 326 288 300 Z" fill="#f3d5a4"/>
</g>`,
};

export const sportsArt = { yogamat, dumbbell, tent, basketball, racket };
