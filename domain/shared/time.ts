/** API times are `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (UTC+8 all year, no DST). Pure: callers pass the instant. */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

export function formatShanghai(instant: Date | string): string {
  const d = new Date(new Date(instant).getTime() + SHANGHAI_OFFSET_MS);
  const pad = (n: number) => n.toString().padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `yyyy-MM-dd` of an instant in Asia/Shanghai. */
export const shanghaiDate = (instant: Date | string): string => formatShanghai(instant).slice(0, 10);
