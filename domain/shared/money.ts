/** Money is integer fen inside the system; the API speaks yuan with at most 2 decimals (DESIGN.md §8). */
export type Fen = number;

export function yuanToFen(yuan: number): Fen {
  if (!Number.isFinite(yuan)) throw new RangeError(`not a money amount: ${yuan}`);
  return Math.round(yuan * 100);
}

export const fenToYuan = (fen: Fen): number => fen / 100;

/** 1234567 fen → "12,345.67" (spec §9: two decimals and thousands separators). */
export function formatYuan(fen: Fen): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${(abs % 100).toString().padStart(2, '0')}`;
}
