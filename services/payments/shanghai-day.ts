/**
 * Bill days are Asia/Shanghai calendar days (WeChat cuts its bills at 00:00:00 China time). China keeps no daylight
 * saving, so a day is always [date 00:00+08:00, next date 00:00+08:00).
 */
const OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const BILL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** yyyy-MM-dd naming a real day (not 2026-02-30). */
export const isBillDate = (text: string): boolean => {
  const start = Date.parse(`${text}T00:00:00+08:00`);
  return BILL_DATE.test(text) && !Number.isNaN(start) && shanghaiDate(new Date(start)) === text;
};

/** The Shanghai calendar date of an instant, `yyyy-MM-dd`. */
export const shanghaiDate = (instant: Date): string => new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** The day before the Shanghai date of `now`: the last day with a complete bill. */
export const shanghaiYesterday = (now: Date): string => shanghaiDate(new Date(now.getTime() - DAY_MS));

export interface DayBounds { from: Date; to: Date }

/** [start, end) of a bill date; throws for a text that is not a real yyyy-MM-dd date. */
export function shanghaiDayBounds(billDate: string): DayBounds {
  if (!isBillDate(billDate)) throw new RangeError(`not a date (yyyy-MM-dd): ${billDate}`);
  const from = new Date(`${billDate}T00:00:00+08:00`);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** The hour of the day in Shanghai (0–23). */
export const shanghaiHour = (instant: Date): number => new Date(instant.getTime() + OFFSET_MS).getUTCHours();
