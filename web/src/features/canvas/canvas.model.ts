/**
 * Page layouts (spec §3 "Page layout", origin-contract §9): the server keeps the component list as a JSON
 * string written by a page editor. It is read defensively — a component with a missing or odd field renders
 * what it can, an unknown type renders nothing — so one bad entry never breaks the page.
 */

export const componentTypes = [
  'banner', 'text', 'imageText', 'brandList', 'categoryList', 'imageTextList', 'assistDiv', 'imageTextNav',
  'productList', 'videoBox', 'coupon', 'custom', 'shopHead', 'shopHeader', 'groupList', 'spikeList', 'discountList',
] as const;
export type ComponentType = (typeof componentTypes)[number];

/** Blocks that load their own data: the page mask waits for them (spec §4). */
export const deferredTypes: ReadonlySet<ComponentType> = new Set(['productList', 'coupon', 'groupList', 'spikeList', 'discountList']);

export type Content = Record<string, unknown>;

export interface LayoutComponent {
  /** Position in the fetched list: stable React key. */
  key: string;
  type: ComponentType;
  title: string;
  content: Content;
}

const isRecord = (value: unknown): value is Content => typeof value === 'object' && value !== null && !Array.isArray(value);
const isComponentType = (value: unknown): value is ComponentType =>
  typeof value === 'string' && (componentTypes as readonly string[]).includes(value);

/** Spec §4: the fourth component of each fetched layout is dropped. */
export const DROPPED_POSITION = 3;

/** Parses the stored list; unparseable JSON gives no components. Unknown types are left out after the drop. */
export function parseLayout(json: string): LayoutComponent[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((_, position) => position !== DROPPED_POSITION)
    .flatMap((entry: unknown, position): LayoutComponent[] => {
      if (!isRecord(entry) || !isComponentType(entry.type)) return [];
      return [{ key: `${position}-${entry.type}`, type: entry.type, title: text(entry.title), content: isRecord(entry.componentContent) ? entry.componentContent : {} }];
    });
}

// Field readers: editor JSON mixes "16" and 16, "" and 0.
export const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;

export function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

export const list = (value: unknown): Content[] => (Array.isArray(value) ? value.filter(isRecord) : []);
export const record = (value: unknown): Content => (isRecord(value) ? value : {});

/** Positive integer ids from a list (or a single id, or a comma list) as editors store them. */
export function ids(value: unknown): number[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return items.map((v) => num(v, NaN)).filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** A CSS colour from the editor, or the fallback when it is not one we accept. */
export function color(value: unknown, fallback: string): string {
  const v = text(value).trim();
  return /^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|[a-zA-Z]{3,20})$/.test(v) ? v : fallback;
}
