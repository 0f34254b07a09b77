/** DESIGN.md §8 paging: `page`, `pageSize` in; `{ list, total }` out. */
export interface Page<T> {
  list: T[];
  total: number;
}
