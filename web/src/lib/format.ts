import { formatYuan, yuanToFen } from '../../../domain/shared/money';

/** API money is yuan (at most 2 decimals): 12345.6 → "12,345.60" (spec §9). */
export function formatMoney(yuan: number): string {
  return formatYuan(yuanToFen(yuan));
}

/** Spec §9: keep the first 3 characters and those from position 7 on: 13812345678 → 138****5678. */
export function maskPhone(phone: string): string {
  const hidden = Math.max(0, Math.min(phone.length, 7) - 3);
  return `${phone.slice(0, 3)}${'*'.repeat(hidden)}${phone.slice(7)}`;
}
