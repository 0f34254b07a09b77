/**
 * Spec §4 sort: default, price (type 1 ascending, then 2 descending on repeat), sales (volume 1, then 2).
 * Choosing one clears the others; the caller resets the page to 1.
 */
export type SortKey = 'default' | 'price' | 'sales';
export type SortDirection = 1 | 2;

export interface Sort {
  /** Price order sent as `type`; undefined = not sorted by price. */
  type?: SortDirection;
  /** Sales order sent as `volume`. */
  volume?: SortDirection;
}

export const defaultSort: Sort = {};

const flip = (direction: SortDirection | undefined): SortDirection => (direction === 1 ? 2 : 1);

export function chooseSort(current: Sort, key: SortKey): Sort {
  switch (key) {
    case 'default':
      return {};
    case 'price':
      return { type: flip(current.type) };
    case 'sales':
      return { volume: flip(current.volume) };
    default: {
      const unknown: never = key;
      throw new Error(`unknown sort ${String(unknown)}`);
    }
  }
}

export function activeSortKey(sort: Sort): SortKey {
  if (sort.type) return 'price';
  if (sort.volume) return 'sales';
  return 'default';
}

/** The query the listing calls take: empty strings for "not sorted" as the original client sent them. */
export const sortQuery = (sort: Sort): { type: number | ''; volume: number | '' } => ({
  type: sort.type ?? '',
  volume: sort.volume ?? '',
});
