/** Snacks, tea and coffee, fruit and eggs: food keeps its natural colours, the tint colours packaging or variety. */
import { shade, shine, type Illustration } from './art';

const almond = (x: number, y: number, r: number): string =>
  `<ellipse cx="${x}" cy="${y}" rx="13" ry="20" transform="rotate(${r} ${x} ${y})" fill="#b9834c" stroke="#8a5a2e" stroke-width="2"/>`;

const nuts: Illustration = {
  tint: 'natural',
  draw: (t) => `
<path d="M118 92 L282 92 L298 334 Q200 350 102 334 Z" fill="${t.main}"/>
${shade('M200 92 L282 92 L298 334 Q250 342 200 344 Z')}
<rect x="118" y="86" width="164" height="22" rx="6" fill="${t.dark}"/>
<rect x="138" y="130" width="124" height="40" rx="10" fill="#fff" opacity=".88"/>
<rect x="156" y="144" width="88" height="12" rx="6" fill="${t.dark}" opacity=".6"/>
<ellipse cx="200" cy="252" rx="62" ry="62" fill="#fff7ea"/>
${almond(176, 236, -20)}${almond(214, 230, 25)}${almond(196, 272, 80)}${almond(232, 268, -40)}${almond(168, 276, 40)}
<path d="M72 330 Q60 300 86 292 Q104 300 96 312 Q84 316 88 330 Z" fill="#e9c58f" stroke="#b9915a" stroke-width="2"/>
<path d="M318 330 Q340 300 312 290 Q296 300 304 312 Q316 318 308 332 Z" fill="#e9c58f" stroke="#b9915a" stroke-width="2"/>`,
};

const cookie = (x: number, y: number): string =>
  `<circle cx="${x}" cy="${y}" r="34" fill="#dca867" stroke="#b57d3c" stroke-width="3"/>` +
  `<g fill="#5b3a1e"><circle cx="${x - 12}" cy="${y - 8}" r="5"/><circle cx="${x + 10}" cy="${y - 12}" r="4"/>` +
  `<circle cx="${x + 6}" cy="${y + 12}" r="5"/><circle cx="${x - 10}" cy="${y + 14}" r="3.5"/></g>`;

const cookies: Illustration = {
  tint: 'red',
  draw: (t) => `
<rect x="72" y="170" width="256" height="140" fill="${t.main}"/>
<ellipse cx="200" cy="310" rx="128" ry="38" fill="${t.main}"/>
${shade('M200 170 H328 V310 Q300 346 200 348 Z')}
<path d="M72 240 Q200 282 328 240" fill="none" stroke="${t.light}" stroke-width="10"/>
<ellipse cx="200" cy="170" rx="128" ry="38" fill="${t.dark}"/>
<ellipse cx="200" cy="164" rx="122" ry="32" fill="${t.light}"/>
${cookie(150, 150)}${cookie(238, 140)}${cookie(200, 118)}`,
};

const leaf = (x: number, y: number, r: number, s = 1): string =>
  `<path d="M0 0 Q30 -26 64 0 Q30 26 0 0 Z M4 0 H58" transform="translate(${x} ${y}) rotate(${r}) scale(${s})" fill="#5fae5a" stroke="#3f8a3d" stroke-width="2"/>`;

const tea: Illustration = {
  tint: 'green',
  draw: (t) => `
<rect x="136" y="114" width="128" height="224" rx="16" fill="${t.main}"/>
${shade('M200 114 H248 Q264 114 264 130 V322 Q264 338 248 338 H200 Z')}
<rect x="130" y="92" width="140" height="40" rx="10" fill="${t.dark}"/>
<rect x="158" y="168" width="84" height="118" rx="8" fill="#fffaf0"/>
${leaf(170, 236, -40, 0.9)}${leaf(200, 214, -70, 0.8)}
<rect x="174" y="258" width="52" height="8" rx="4" fill="${t.main}" opacity=".7"/>
${leaf(286, 310, -20)}${leaf(62, 322, -160)}${leaf(300, 280, -60, 0.8)}`,
};

const bean = (x: number, y: number, r: number): string =>
  `<g transform="rotate(${r} ${x} ${y})"><ellipse cx="${x}" cy="${y}" rx="15" ry="21" fill="#6b3f22"/>` +
  `<path d="M${x} ${y - 18} Q${x - 6} ${y} ${x} ${y + 18}" stroke="#3b2212" stroke-width="3" fill="none"/></g>`;

const coffee: Illustration = {
  tint: 'brown',
  draw: (t) => `
<path d="M168 92 Q156 70 172 54 M200 92 Q188 66 204 46 M232 92 Q220 70 236 54" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".9"/>
<path d="M128 132 L272 132 L250 336 Q200 348 150 336 Z" fill="#fff" stroke="#e5e7eb" stroke-width="3"/>
<path d="M136 196 L264 196 L256 268 L144 268 Z" fill="${t.main}"/>
<circle cx="200" cy="232" r="18" fill="#fff" opacity=".9"/>
<path d="M192 232 Q200 218 208 232 Q200 246 192 232 Z" fill="${t.dark}"/>
<rect x="116" y="108" width="168" height="28" rx="10" fill="${t.dark}"/>
${bean(96, 320, -30)}${bean(300, 322, 20)}${bean(326, 288, 60)}`,
};

const stem = (x: number, y: number): string =>
  `<path d="M${x} ${y} Q${x + 6} ${y - 30} ${x + 16} ${y - 50}" stroke="#6e4a2d" stroke-width="8" stroke-linecap="round" fill="none"/>` +
  `<path d="M${x + 12} ${y - 34} Q${x + 50} ${y - 66} ${x + 86} ${y - 40} Q${x + 48} ${y - 14} ${x + 12} ${y - 34} Z" fill="#5fae5a"/>`;

const apple: Illustration = {
  tint: 'red', alt: 'green',
  draw: (t) => `
<path d="M200 128 C150 92 78 118 84 204 C90 292 150 346 200 318 C250 346 310 292 316 204 C322 118 250 92 200 128 Z" fill="${t.main}"/>
${shade('M200 128 C250 92 322 118 316 204 C310 292 250 346 200 318 Z')}
<ellipse cx="140" cy="186" rx="16" ry="38" transform="rotate(20 140 186)" fill="#fff" opacity=".35"/>
<path d="M120 250 Q140 290 180 300" stroke="${t.light}" stroke-width="6" fill="none" opacity=".6" stroke-linecap="round"/>
${stem(198, 130)}`,
};

const orange: Illustration = {
  tint: 'orange', alt: 'yellow',
  draw: (t) => `
<circle cx="180" cy="200" r="118" fill="${t.main}"/>
${shade('M180 82 A118 118 0 0 1 180 318 A160 160 0 0 0 180 82 Z')}
<g fill="${t.dark}" opacity=".25"><circle cx="130" cy="170" r="4"/><circle cx="210" cy="250" r="4"/><circle cx="160" cy="260" r="3"/><circle cx="230" cy="150" r="3"/></g>
<ellipse cx="130" cy="150" rx="20" ry="34" transform="rotate(30 130 150)" fill="#fff" opacity=".3"/>
${stem(178, 86)}
<circle cx="296" cy="296" r="62" fill="${t.main}"/>
<circle cx="296" cy="296" r="52" fill="#ffd89a"/>
<g stroke="${t.main}" stroke-width="4"><path d="M296 246 V346"/><path d="M246 296 H346"/><path d="M261 261 L331 331"/><path d="M331 261 L261 331"/></g>
<circle cx="296" cy="296" r="8" fill="#fff3d6"/>`,
};

const mango: Illustration = {
  tint: 'yellow', alt: 'orange',
  draw: (t) => `
<path d="M112 252 C82 160 166 78 258 98 C334 114 342 222 282 292 C230 350 146 338 112 252 Z" fill="${t.main}"/>
<path d="M258 98 C334 114 342 222 282 292 C300 220 290 150 258 98 Z" fill="#ef6b3a" opacity=".45"/>
<ellipse cx="160" cy="200" rx="18" ry="44" transform="rotate(35 160 200)" fill="#fff" opacity=".3"/>
<path d="M246 100 Q250 76 262 64" stroke="#6e4a2d" stroke-width="8" stroke-linecap="round" fill="none"/>
<path d="M258 70 Q300 40 332 72 Q292 96 258 70 Z" fill="#5fae5a"/>`,
};

const grape = (x: number, y: number, t: { main: string; light: string }): string =>
  `<circle cx="${x}" cy="${y}" r="30" fill="${t.main}"/><circle cx="${x - 9}" cy="${y - 10}" r="7" fill="#fff" opacity=".35"/>`;

const grapes: Illustration = {
  tint: 'purple', alt: 'green',
  draw: (t) => `
<path d="M200 120 Q204 84 222 64" stroke="#6e4a2d" stroke-width="8" stroke-linecap="round" fill="none"/>
<path d="M210 84 Q250 40 296 70 Q256 108 210 84 Z" fill="#5fae5a"/>
${grape(126, 150, t)}${grape(178, 146, t)}${grape(230, 146, t)}${grape(282, 150, t)}
${grape(152, 200, t)}${grape(204, 198, t)}${grape(256, 200, t)}
${grape(176, 250, t)}${grape(228, 250, t)}${grape(202, 300, t)}`,
};

const cherry: Illustration = {
  tint: 'wine', alt: 'red',
  draw: (t) => `
<path d="M150 228 Q170 140 226 84 M262 210 Q250 140 226 84" stroke="#4d7a32" stroke-width="7" stroke-linecap="round" fill="none"/>
<path d="M226 84 Q270 50 316 78 Q272 108 226 84 Z" fill="#5fae5a"/>
<circle cx="148" cy="268" r="62" fill="${t.main}"/><circle cx="264" cy="254" r="62" fill="${t.main}"/>
<ellipse cx="126" cy="246" rx="12" ry="22" transform="rotate(30 126 246)" fill="#fff" opacity=".35"/>
<ellipse cx="242" cy="232" rx="12" ry="22" transform="rotate(30 242 232)" fill="#fff" opacity=".35"/>`,
};

const egg = (x: number, y: number, fill: string): string =>
  `<ellipse cx="${x}" cy="${y}" rx="38" ry="50" fill="${fill}" stroke="#c7b08a" stroke-width="2"/>` +
  `<ellipse cx="${x - 12}" cy="${y - 18}" rx="8" ry="14" fill="#fff" opacity=".5"/>`;

const eggs: Illustration = {
  tint: 'beige', alt: 'natural',
  draw: (t) => `
${egg(110, 210, t.main)}${egg(170, 196, t.light)}${egg(230, 196, t.main)}${egg(290, 210, t.light)}
<path d="M56 244 Q80 268 110 246 Q140 268 170 246 Q200 268 230 246 Q260 268 290 246 Q320 268 344 244 L326 322 Q200 338 74 322 Z" fill="#d8c3a0"/>
${shine(90, 284, 220, 10, 5)}`,
};

export const foodArt = { nuts, cookies, tea, coffee, apple, orange, mango, grapes, cherry, egg: eggs };
