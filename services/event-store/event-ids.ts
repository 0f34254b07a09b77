import { createHash, randomUUID } from 'node:crypto';

/**
 * A UUID (v5 layout) derived from a name: appending an event under the same name twice is a no-op, because event ids
 * are unique in every store. Used where a retried process (seeding, scheduled deadlines) must not double-write.
 */
export function deterministicEventId(name: string): string {
  const hash = createHash('sha1').update(`jishi:${name}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export const newEventId = (): string => randomUUID();
