import type { SkuName, SkuOption } from '../../../../domain/catalog/detail.contract';

/**
 * SKU choice on the detail page (spec §3 Product options): `names` lists the specs in order, `map` is keyed by the
 * comma-joined value codes in that order, or `单款项` for a single-spec product. A value that no SKU combines with
 * the other chosen values is unavailable (disabled); a SKU that exists with stock 0 stays choosable and is refused
 * at add/buy with 商品库存不足.
 */
export const SINGLE_SKU_KEY = '单款项';

/** The chosen value code per spec position; undefined = not chosen yet. */
export type Selection = ReadonlyArray<string | undefined>;

export type SkuMap = Record<string, SkuOption>;

const keyParts = (key: string): string[] => key.split(',');

/** The selection of the SKU with `skuId`, else of the first SKU in stock, else of the first SKU. */
export function initialSelection(names: SkuName[], map: SkuMap, skuId: number): Selection {
  if (names.length === 0) return [];
  const entries = Object.entries(map);
  const chosen =
    entries.find(([, option]) => option.skuId === skuId) ??
    entries.find(([, option]) => option.stockNumber > 0) ??
    entries[0];
  return chosen ? keyParts(chosen[0]) : names.map(() => undefined);
}

/** The SKU the selection names, when every spec has a value (or the product has a single spec). */
export function selectedSku(names: SkuName[], map: SkuMap, selection: Selection): SkuOption | undefined {
  if (names.length === 0) return map[SINGLE_SKU_KEY] ?? Object.values(map)[0];
  if (selection.length !== names.length || selection.some((code) => code === undefined)) return undefined;
  return map[selection.join(',')];
}

/** Whether choosing `valueCode` at `position` (keeping the other choices) leads to an existing SKU. */
export function isAvailable(map: SkuMap, selection: Selection, position: number, valueCode: string): boolean {
  return Object.keys(map).some((key) => {
    const parts = keyParts(key);
    return parts.every((code, i) => (i === position ? code === valueCode : selection[i] === undefined || selection[i] === code));
  });
}

/** Choosing a value again clears it (so another combination can be reached); choosing another replaces it. */
export function choose(selection: Selection, position: number, valueCode: string): Selection {
  return selection.map((code, i) => (i === position ? (code === valueCode ? undefined : valueCode) : code));
}
