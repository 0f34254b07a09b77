/**
 * What a page's first render needs beyond index.html, named in the page's own answer (HTTP Link preload headers), so
 * the browser fetches it while the entry scripts download instead of after they ran and routed:
 * - the route's lazy chunks and their stylesheets, from the build's manifest (web/dist/.vite/manifest.json), minus
 *   what index.html already loads; on every page but home also the site header's (the layout loads it lazily);
 * - the first API call of the page, when its URL does not depend on the visitor: the home layout (spec §2 `/`,
 *   `/index`), whose first banner is the page's largest paint. The URL and mode are exactly the storefront's call
 *   (getCanvas: terminal 4, type 1; api-client fetches with credentials), so the browser hands that call the
 *   preloaded answer.
 * Measured on the home page behind Chromium's fast-4G emulation (BENCH_ONLY=web-home), and on product detail, search,
 * cart and place order by Lighthouse (BENCH_ONLY=lighthouse): without it their route chunks were requested only once
 * the entry scripts had run, and the header's only once those had.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk { file: string; imports?: string[]; css?: string[] }
type Manifest = Record<string, ManifestChunk>;

interface PageFirstLoads { modules: readonly string[]; fetches: readonly string[] }

const HOME: PageFirstLoads = { modules: ['src/app/home.route.tsx'], fetches: ['/api/canvas/getCanvas?terminal=4&type=1'] };
/** A page under the site header (site-layout.tsx) whose first call depends on its query: its code only. */
const underHeader = (route: string): PageFirstLoads => ({ modules: [route, 'src/features/layout/site-header.tsx'], fetches: [] });
const CART = underHeader('src/features/cart/shopping-trolley.page.tsx');
const PAGES: Readonly<Record<string, PageFirstLoads>> = {
  '/': HOME,
  '/index': HOME,
  '/productDetail': underHeader('src/features/product/product-detail.page.tsx'),
  '/search': underHeader('src/features/search/search.page.tsx'),
  '/shoppingTrolley': CART,
  '/shopping-trolley': CART,
  '/placeOrder': underHeader('src/app/place-order.route.tsx'),
};

/** Every chunk `key` loads, itself included (static imports, transitively). */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

function linksOf(manifest: Manifest | null, page: PageFirstLoads): string {
  const links = page.fetches.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`);
  if (manifest && page.modules.every((key) => manifest[key])) {
    const loaded = closure(manifest, 'index.html');
    const wanted = new Set<string>();
    for (const key of page.modules) closure(manifest, key, wanted);
    const needed = [...wanted].filter((key) => !loaded.has(key)).map((key) => manifest[key]);
    for (const chunk of needed) links.push(`</${chunk.file}>; rel=preload; as=script; crossorigin`);
    for (const css of new Set(needed.flatMap((chunk) => chunk.css ?? []))) links.push(`</${css}>; rel=preload; as=style; crossorigin`);
  }
  return links.join(', ');
}

/** The Link header value for each page path that has one; read once from the build in `root`. */
export function firstLoads(root: string): ReadonlyMap<string, string> {
  const file = path.join(root, '.vite', 'manifest.json');
  const manifest = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) as Manifest : null;
  return new Map(Object.entries(PAGES).map(([pagePath, page]) => [pagePath, linksOf(manifest, page)]));
}
