/**
 * Checks every adapter makes before an append, so both fail alike: a non-empty batch whose event ids are
 * UUIDs (EventStoreDB requires them) and distinct (a repeated id inside one batch can never be stored).
 */
import type { NewEvent } from './event-store.port';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function assertAppendable(streamId: string, events: readonly NewEvent[]): void {
  if (streamId === '' || streamId.startsWith('$')) throw new Error(`not an application stream id: "${streamId}"`);
  if (events.length === 0) throw new Error(`append to ${streamId}: no events`);
  const seen = new Set<string>();
  for (const event of events) {
    const id = event.metadata?.eventId;
    if (typeof id !== 'string' || !UUID.test(id)) throw new Error(`append to ${streamId}: event id ${String(id)} is not a UUID`);
    const key = id.toLowerCase();
    if (seen.has(key)) throw new Error(`append to ${streamId}: event id ${id} repeated in one batch`);
    seen.add(key);
  }
}
