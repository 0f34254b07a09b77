/** Phones, audio, wearables and accessories. */
import { shine, type Illustration } from './art';

const phone: Illustration = {
  tint: 'blue',
  draw: (t) => `
<g transform="rotate(-10 150 215)">
  <rect x="82" y="70" width="150" height="292" rx="30" fill="${t.main}"/>
  <rect x="82" y="70" width="150" height="292" rx="30" fill="none" stroke="${t.dark}" stroke-width="3"/>
  <rect x="98" y="88" width="70" height="70" rx="18" fill="${t.dark}"/>
  <circle cx="117" cy="107" r="12" fill="#17181c" stroke="${t.light}" stroke-width="3"/>
  <circle cx="149" cy="107" r="12" fill="#17181c" stroke="${t.light}" stroke-width="3"/>
  <circle cx="117" cy="139" r="12" fill="#17181c" stroke="${t.light}" stroke-width="3"/>
  <circle cx="149" cy="139" r="5" fill="#fff6d5"/>
  ${shine(96, 180, 12, 160, 6)}
</g>
<rect x="176" y="52" width="152" height="304" rx="30" fill="#1c1e23"/>
<rect x="184" y="60" width="136" height="288" rx="24" fill="${t.light}"/>
<path d="M250 60 H296 Q320 60 320 84 V168 C280 170 252 130 250 60 Z" fill="${t.main}" opacity=".55"/>
<path d="M184 282 C226 252 272 300 320 270 V324 Q320 348 296 348 H208 Q184 348 184 324 Z" fill="${t.dark}" opacity=".35"/>
<rect x="236" y="70" width="32" height="11" rx="5.5" fill="#111"/>
<g fill="#fff" opacity=".8">
  <rect x="200" y="200" width="24" height="24" rx="7"/><rect x="234" y="200" width="24" height="24" rx="7"/>
  <rect x="268" y="200" width="24" height="24" rx="7"/><rect x="200" y="234" width="24" height="24" rx="7"/>
  <rect x="234" y="234" width="24" height="24" rx="7"/><rect x="268" y="234" width="24" height="24" rx="7"/>
</g>
<rect x="204" y="112" width="60" height="16" rx="8" fill="#fff" opacity=".85"/>
<rect x="204" y="136" width="38" height="10" rx="5" fill="#fff" opacity=".6"/>
<rect x="226" y="330" width="52" height="5" rx="2.5" fill="#111" opacity=".5"/>`,
};

const earbuds: Illustration = {
  tint: 'white',
  draw: (t) => `
<rect x="108" y="190" width="184" height="140" rx="62" fill="${t.main}" stroke="${t.dark}" stroke-width="4"/>
<path d="M112 238 H288" stroke="${t.dark}" stroke-width="4"/>
<circle cx="200" cy="280" r="5" fill="#34d399"/>
${shine(132, 205, 60, 14, 7)}
<g transform="rotate(-18 150 120)">
  <circle cx="150" cy="110" r="36" fill="${t.main}" stroke="${t.dark}" stroke-width="4"/>
  <circle cx="150" cy="110" r="14" fill="${t.dark}"/>
  <rect x="138" y="130" width="24" height="70" rx="12" fill="${t.main}" stroke="${t.dark}" stroke-width="4"/>
</g>
<g transform="rotate(18 250 120)">
  <circle cx="250" cy="110" r="36" fill="${t.main}" stroke="${t.dark}" stroke-width="4"/>
  <circle cx="250" cy="110" r="14" fill="${t.dark}"/>
  <rect x="238" y="130" width="24" height="70" rx="12" fill="${t.main}" stroke="${t.dark}" stroke-width="4"/>
</g>`,
};

const headphones: Illustration = {
  tint: 'black',
  draw: (t) => `
<path d="M104 236 C104 120 296 120 296 236" fill="none" stroke="${t.dark}" stroke-width="26" stroke-linecap="round"/>
<path d="M112 226 C116 134 284 134 288 226" fill="none" stroke="${t.light}" stroke-width="6" stroke-linecap="round" opacity=".6"/>
<rect x="74" y="206" width="70" height="118" rx="32" fill="${t.main}"/>
<rect x="132" y="220" width="26" height="90" rx="12" fill="${t.dark}"/>
<rect x="256" y="206" width="70" height="118" rx="32" fill="${t.main}"/>
<rect x="242" y="220" width="26" height="90" rx="12" fill="${t.dark}"/>
${shine(86, 222, 12, 70, 6)}${shine(268, 222, 12, 70, 6)}`,
};

const watch: Illustration = {
  tint: 'black',
  draw: (t) => `
<rect x="158" y="40" width="84" height="120" rx="20" fill="${t.main}"/>
<rect x="158" y="240" width="84" height="120" rx="20" fill="${t.main}"/>
<g fill="${t.dark}"><circle cx="200" cy="300" r="6"/><circle cx="200" cy="324" r="6"/><circle cx="200" cy="276" r="6"/></g>
<rect x="124" y="112" width="152" height="176" rx="44" fill="#2a2c31"/>
<rect x="276" y="168" width="12" height="34" rx="5" fill="#8a8f98"/>
<rect x="138" y="126" width="124" height="148" rx="34" fill="#0f1115"/>
<circle cx="200" cy="200" r="48" fill="none" stroke="${t.light}" stroke-width="8" opacity=".9"/>
<path d="M200 152 A48 48 0 0 1 246 214" fill="none" stroke="#34d399" stroke-width="8" stroke-linecap="round"/>
<path d="M200 200 V170 M200 200 L222 212" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
<circle cx="200" cy="200" r="6" fill="#fff"/>`,
};

const tablet: Illustration = {
  tint: 'silver',
  draw: (t) => `
<rect x="60" y="70" width="280" height="212" rx="24" fill="${t.dark}"/>
<rect x="66" y="76" width="268" height="200" rx="20" fill="#1f2228"/>
<rect x="76" y="86" width="248" height="180" rx="12" fill="${t.light}"/>
<path d="M236 86 H312 Q324 86 324 98 V168 C286 166 246 136 236 86 Z" fill="#7fa9ee" opacity=".55"/>
<path d="M76 210 C140 180 220 250 324 200 V254 Q324 266 312 266 H88 Q76 266 76 254 Z" fill="#f4a3b8" opacity=".45"/>
<rect x="98" y="112" width="96" height="16" rx="8" fill="#fff" opacity=".9"/>
<rect x="98" y="138" width="64" height="10" rx="5" fill="#fff" opacity=".7"/>
<g transform="rotate(-12 200 320)">
  <rect x="86" y="312" width="220" height="14" rx="7" fill="${t.main}"/>
  <path d="M306 312 L330 319 L306 326 Z" fill="${t.dark}"/>
</g>`,
};

const powerbank: Illustration = {
  tint: 'black',
  draw: (t) => `
<path d="M200 70 C200 30 290 40 300 90 C308 130 270 150 282 190" fill="none" stroke="#e5e7eb" stroke-width="10" stroke-linecap="round"/>
<rect x="116" y="70" width="168" height="270" rx="32" fill="${t.main}"/>
<rect x="116" y="70" width="168" height="270" rx="32" fill="none" stroke="${t.dark}" stroke-width="4"/>
<path d="M212 150 L178 212 H204 L190 266 L230 196 H204 Z" fill="${t.light}"/>
<g fill="#34d399"><circle cx="170" cy="306" r="6"/><circle cx="190" cy="306" r="6"/><circle cx="210" cy="306" r="6"/></g>
<circle cx="230" cy="306" r="6" fill="${t.light}"/>
<rect x="180" y="62" width="40" height="12" rx="4" fill="${t.dark}"/>
${shine(132, 92, 14, 190, 7)}`,
};

export const electronicsArt = { phone, earbuds, headphones, watch, tablet, powerbank };
