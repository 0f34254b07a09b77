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

const hexRgb = (value: string): [number, number, number] | null => {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
};

const luminance = ([r, g, b]: [number, number, number]): number => {
  const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

/** WCAG contrast ratio of two #rgb/#rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [hexRgb(a), hexRgb(b)];
  if (!x || !y) return Number.NaN;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * An editor's text colour made readable on its background: a #rgb/#rrggbb colour that reads below WCAG AA (4.5:1)
 * on a light background is darkened, keeping its hue, until it reaches it; anything else (already readable, a dark
 * background, a colour that is not plain hex) stays as the editor set it.
 */
export function readableOn(colour: string, background: string, minimum = 4.5): string {
  const rgb = hexRgb(colour);
  const bg = hexRgb(background);
  if (!rgb || !bg || luminance(bg) < 0.5 || contrastRatio(colour, background) >= minimum) return colour;
  for (let scale = 0.98; scale > 0; scale -= 0.02) {
    const darker = `#${rgb.map((c) => Math.round(c * scale).toString(16).padStart(2, '0')).join('')}`;
    if (contrastRatio(darker, background) >= minimum) return darker;
  }
  return '#000000';
}
