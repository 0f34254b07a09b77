/** Seed times relative to the seeding moment, floored to the minute so the pictures of a countdown look tidy. */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

export const floorToMinute = (now: Date): number => Math.floor(now.getTime() / 60_000) * 60_000;

export const isoAt = (base: number, offsetMs: number): string => new Date(base + offsetMs).toISOString();
