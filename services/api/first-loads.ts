/**
 * What a page's first render needs beyond index.html, named in the page's own answer (HTTP Link preload headers), so
 * the browser fetches it while the entry scripts download instead of after they ran and routed:
 * - the route's lazy chunks and their stylesheets, from the build's manifest (web/dist/.vite/manifest.json), minus
 *   what index.html already loads;
 * - the first API call of the page, when its URL does not depend on the visitor: the home layout (spec §2 `/`,
 *   `/index`), whose first banner is the page's largest paint. The URL and mode are exactly the storefront's call
 *   (getCanvas: terminal 4, type 1; api-client fetches with credentials), so the browser hands that call the
 *   preloaded answer.
 * Measured on the home page behind Chromium's fast-4G emulation (BENCH_ONLY=web-home).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk { file: string; imports?: string[]; css?: string[] }
type Manifest = Record<string, ManifestChunk>;

interface PageFirstLoads { route: string; fetches: readonly string[] }

const HOME: PageFirstLoads = { route: 'src/app/home.route.tsx', fetches: ['/api/canvas/getCanvas?terminal=4&type=1'] };
const PAGES: Readonly<Record<string, PageFirstLoads>> = { '/': HOME, '/index': HOME };

/** Every chunk `key` loads, itself included (static imports, transitively). */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

function linksOf(manifest: Manifest | null, page: PageFirstLoads): string {
  const links = page.fetches.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`);
  if (manifest?.[page.route]) {
    const loaded = closure(manifest, 'index.html');
    const needed = [...closure(manifest, page.route)].filter((key) => !loaded.has(key)).map((key) => manifest[key]);
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
