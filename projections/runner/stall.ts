/**
 * When health calls a projection (or the forwarder) stalled: events it has to apply exist beyond its checkpoint and it
 * has not advanced for the stall window, counted from the later of its checkpoint's last move and the moment that
 * work became pending. Counting from the last move alone called a projection idle for the window stalled the moment
 * an event arrived for it (readiness flapped to 503 under fault-free load): it had nothing to advance on until then.
 *
 * The moment work became pending: on the catch-up feed, the append time of the first event still to apply
 * (status.ts catchUpBacklogs). On Kafka the offsets say how many messages wait, not since when: there it is the first
 * time this process saw the projection behind (PendingWatch), so a stall shows one window after it was first seen.
 */

export interface StallInputs {
  /** Events still to apply (null: unknown). */
  lag: number | null;
  /** When its checkpoint (or a partition's offset) last moved (null: never). */
  advancedAt: Date | null;
  /** When the work it has left became pending (null: unknown). */
  pendingSince: Date | null;
}

export function isStalled({ lag, advancedAt, pendingSince }: StallInputs, now: number, stallMs: number): boolean {
  if (lag === null || lag <= 0) return false;
  const since = Math.max(advancedAt?.getTime() ?? -Infinity, pendingSince?.getTime() ?? -Infinity);
  return since === -Infinity || now - since > stallMs;
}

/** Per name, when this process first saw it behind, until it is seen at its head again (or its lag is unknown). */
export class PendingWatch {
  private readonly since = new Map<string, number>();

  observe(name: string, lag: number | null, now: number): Date | null {
    if (lag === null || lag <= 0) {
      this.since.delete(name);
      return null;
    }
    const first = this.since.get(name) ?? now;
    this.since.set(name, first);
    return new Date(first);
  }
}
