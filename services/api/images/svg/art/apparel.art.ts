/** Clothes, shoes and bags. */
import { shade, shine, type Illustration } from './art';

const dress: Illustration = {
  tint: 'pink',
  draw: (t) => `
<path d="M166 62 L182 62 L196 118 L204 118 L218 62 L234 62 L246 150 L234 178 L306 338 Q200 370 94 338 L166 178 L154 150 Z" fill="${t.main}"/>
${shade('M200 178 L234 178 L306 338 Q262 352 214 356 Z')}
<path d="M180 190 L150 340 M200 190 L200 356 M220 190 L252 344" stroke="${t.dark}" stroke-width="3" opacity=".35" fill="none"/>
<rect x="160" y="166" width="80" height="16" rx="6" fill="${t.dark}"/>
<circle cx="200" cy="174" r="9" fill="${t.light}"/>
${shine(170, 80, 10, 70, 5)}`,
};

const hoodie: Illustration = {
  tint: 'grey',
  draw: (t) => `
<path d="M128 108 L78 140 L58 300 L102 306 L118 196 Z" fill="${t.main}"/>
<path d="M272 108 L322 140 L342 300 L298 306 L282 196 Z" fill="${t.main}"/>
${shade('M128 108 L78 140 L58 300 L102 306 L118 196 Z')}${shade('M272 108 L322 140 L342 300 L298 306 L282 196 Z')}
<path d="M128 104 L272 104 L286 332 L114 332 Z" fill="${t.main}"/>
<path d="M146 108 Q200 34 254 108 Q200 138 146 108 Z" fill="${t.dark}"/>
<path d="M160 108 Q200 60 240 108 Q200 124 160 108 Z" fill="#000" opacity=".25"/>
<path d="M150 248 L250 248 L264 306 L136 306 Z" fill="${t.dark}" opacity=".45"/>
<path d="M184 120 L181 176 M216 120 L219 176" stroke="${t.light}" stroke-width="5" stroke-linecap="round"/>
<circle cx="181" cy="180" r="5" fill="${t.light}"/><circle cx="219" cy="180" r="5" fill="${t.light}"/>
<rect x="112" y="318" width="176" height="16" rx="6" fill="${t.dark}"/>
<rect x="56" y="292" width="48" height="16" rx="6" fill="${t.dark}"/><rect x="296" y="292" width="48" height="16" rx="6" fill="${t.dark}"/>`,
};

const tshirt: Illustration = {
  tint: 'white',
  draw: (t) => `
<path d="M140 78 L174 66 Q200 96 226 66 L260 78 L334 128 L302 180 L272 160 L272 334 L128 334 L128 160 L98 180 L66 128 Z" fill="${t.main}" stroke="${t.dark}" stroke-width="3" stroke-linejoin="round"/>
${shade('M200 90 L226 66 L260 78 L272 160 L272 334 L200 334 Z')}
<path d="M174 66 Q200 100 226 66" fill="none" stroke="${t.dark}" stroke-width="9" stroke-linecap="round"/>
<path d="M98 180 L128 160 M302 180 L272 160" stroke="${t.dark}" stroke-width="3" opacity=".6"/>
<circle cx="200" cy="200" r="26" fill="${t.dark}" opacity=".28"/>
<path d="M188 200 L198 210 L214 190" fill="none" stroke="${t.light}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`,
};

const shirt: Illustration = {
  tint: 'sky',
  draw: (t) => `
<path d="M140 80 L94 100 L68 312 L106 318 L128 160 Z" fill="${t.main}"/>
<path d="M260 80 L306 100 L332 312 L294 318 L272 160 Z" fill="${t.main}"/>
${shade('M140 80 L94 100 L68 312 L106 318 L128 160 Z')}${shade('M260 80 L306 100 L332 312 L294 318 L272 160 Z')}
<path d="M140 78 L260 78 L276 338 L124 338 Z" fill="${t.main}"/>
<path d="M200 112 V338" stroke="${t.dark}" stroke-width="4"/>
<g fill="${t.dark}"><circle cx="208" cy="146" r="4.5"/><circle cx="208" cy="186" r="4.5"/><circle cx="208" cy="226" r="4.5"/><circle cx="208" cy="266" r="4.5"/><circle cx="208" cy="306" r="4.5"/></g>
<path d="M168 72 L200 112 L178 130 L156 84 Z" fill="${t.light}" stroke="${t.dark}" stroke-width="3"/>
<path d="M232 72 L200 112 L222 130 L244 84 Z" fill="${t.light}" stroke="${t.dark}" stroke-width="3"/>
<rect x="222" y="150" width="36" height="40" rx="4" fill="none" stroke="${t.dark}" stroke-width="3"/>
<rect x="66" y="300" width="42" height="18" rx="4" fill="${t.dark}"/><rect x="292" y="300" width="42" height="18" rx="4" fill="${t.dark}"/>`,
};

const coat: Illustration = {
  tint: 'navy',
  draw: (t) => `
<path d="M132 92 L84 118 L60 306 L106 314 L120 190 Z" fill="${t.main}"/>
<path d="M268 92 L316 118 L340 306 L294 314 L280 190 Z" fill="${t.main}"/>
<path d="M84 170 L126 176 M76 236 L120 240 M324 236 L280 240 M316 170 L274 176" stroke="${t.dark}" stroke-width="4" opacity=".6"/>
<path d="M130 90 L270 90 L284 336 Q200 348 116 336 Z" fill="${t.main}"/>
<path d="M124 146 Q200 160 276 146 M120 200 Q200 214 280 200 M118 254 Q200 268 282 254 M116 306 Q200 320 284 306" fill="none" stroke="${t.dark}" stroke-width="4" opacity=".55"/>
<rect x="158" y="62" width="84" height="40" rx="14" fill="${t.dark}"/>
<path d="M200 92 V342" stroke="${t.light}" stroke-width="5"/>
<rect x="193" y="112" width="14" height="24" rx="4" fill="${t.light}"/>
${shine(140, 110, 12, 200, 6)}`,
};

const sneaker: Illustration = {
  tint: 'blue',
  draw: (t) => `
<path d="M52 276 Q48 312 86 314 L326 314 Q362 312 354 276 Z" fill="#fff" stroke="#d4d7dc" stroke-width="3"/>
<path d="M56 292 H352" stroke="#d4d7dc" stroke-width="3"/>
<path d="M60 278 Q58 214 112 196 L168 176 Q190 140 232 150 L248 196 Q306 210 342 240 Q360 258 352 278 Z" fill="${t.main}"/>
<path d="M232 150 L248 196 Q306 210 342 240 Q360 258 352 278 H280 Q290 220 232 150 Z" fill="#000" opacity=".08"/>
<path d="M96 256 Q170 226 250 250 Q300 264 336 250" fill="none" stroke="${t.light}" stroke-width="14" stroke-linecap="round"/>
<path d="M60 278 Q58 230 96 206 L110 276 Z" fill="${t.dark}"/>
<g stroke="#fff" stroke-width="6" stroke-linecap="round"><path d="M178 186 L206 176"/><path d="M190 202 L220 192"/><path d="M204 218 L236 208"/></g>
<path d="M166 176 Q196 132 234 148" fill="none" stroke="${t.dark}" stroke-width="6"/>`,
};

const backpack: Illustration = {
  tint: 'black',
  draw: (t) => `
<path d="M170 92 Q170 52 200 52 Q230 52 230 92" fill="none" stroke="${t.dark}" stroke-width="12"/>
<rect x="92" y="132" width="22" height="170" rx="11" fill="${t.dark}"/><rect x="286" y="132" width="22" height="170" rx="11" fill="${t.dark}"/>
<rect x="108" y="86" width="184" height="258" rx="54" fill="${t.main}"/>
<path d="M128 142 Q200 100 272 142" fill="none" stroke="${t.dark}" stroke-width="5"/>
<rect x="132" y="214" width="136" height="104" rx="26" fill="${t.dark}"/>
<path d="M146 242 H254" stroke="${t.light}" stroke-width="4" stroke-linecap="round"/>
<rect x="238" y="234" width="8" height="22" rx="3" fill="${t.light}"/>
${shine(124, 120, 12, 150, 6)}`,
};

const handbag: Illustration = {
  tint: 'brown',
  draw: (t) => `
<path d="M146 168 Q146 80 200 80 Q254 80 254 168" fill="none" stroke="${t.dark}" stroke-width="14" stroke-linecap="round"/>
<path d="M98 162 L302 162 L324 328 Q326 342 312 342 L88 342 Q74 342 76 328 Z" fill="${t.main}"/>
${shade('M200 162 L302 162 L324 328 Q326 342 312 342 L200 342 Z')}
<path d="M98 162 L302 162 L294 224 Q200 256 106 224 Z" fill="${t.dark}" opacity=".55"/>
<rect x="188" y="222" width="24" height="22" rx="5" fill="#e2bd74" stroke="#b38c40" stroke-width="3"/>
<path d="M90 300 H310" stroke="${t.dark}" stroke-width="3" stroke-dasharray="8 7" opacity=".6"/>`,
};

const suitcase: Illustration = {
  tint: 'mint',
  draw: (t) => `
<path d="M178 108 V56 H222 V108" fill="none" stroke="#9aa1ab" stroke-width="9" stroke-linejoin="round"/>
<rect x="116" y="104" width="168" height="230" rx="24" fill="${t.main}"/>
<g stroke="${t.dark}" stroke-width="7" stroke-linecap="round" opacity=".55"><path d="M158 126 V312"/><path d="M200 126 V312"/><path d="M242 126 V312"/></g>
<rect x="116" y="104" width="168" height="230" rx="24" fill="none" stroke="${t.dark}" stroke-width="4"/>
<circle cx="140" cy="344" r="12" fill="#33363c"/><circle cx="260" cy="344" r="12" fill="#33363c"/>
${shine(128, 118, 10, 120, 5)}`,
};

export const apparelArt = { dress, hoodie, tshirt, shirt, coat, sneaker, backpack, handbag, suitcase };
