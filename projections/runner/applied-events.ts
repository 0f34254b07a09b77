/**
 * In-process notice of committed batches: read-your-writes waiters listen here instead of polling. It also keeps,
 * per projection fed by the catch-up feed in this process, the log position up to which the runner has applied
 * every event the projection handles (`reachedBy`): a waiter whose events lie at or below it is answered at once,
 * and one whose events lie above it knows the notice is still to come, so neither asks the database.
 */
import { EventEmitter } from 'node:events';
import type { LogPosition } from '../../services/event-store/event-store.port';
import type { AppliedRevisions } from './apply-batch';

/** `streams` null: the live generation was switched; waiters re-read the guard from the database. */
export interface AppliedNotice { projection: string; generation: number; streams: AppliedRevisions | null }

export class AppliedEvents {
  private readonly emitter = new EventEmitter();
  private readonly reached = new Map<string, LogPosition>();

  constructor() {
    this.emitter.setMaxListeners(0); // one listener per waiting request
  }

  emit(notice: AppliedNotice): void {
    if (notice.streams === null) this.reached.delete(notice.projection); // another generation: its own positions
    this.emitter.emit('applied', notice);
  }

  on(listener: (notice: AppliedNotice) => void): () => void {
    this.emitter.on('applied', listener);
    return () => this.emitter.off('applied', listener);
  }

  /** The runner here has applied (or had nothing to apply of) every event of the log up to `position`. */
  reach(projection: string, position: LogPosition | null): void {
    if (!position) {
      this.reached.delete(projection);
      return;
    }
    this.reached.set(projection, position);
    this.emitter.emit('reached', projection, position);
  }

  onReached(listener: (projection: string, position: LogPosition) => void): () => void {
    this.emitter.on('reached', listener);
    return () => this.emitter.off('reached', listener);
  }

  /** The runner here no longer knows (repositioning, stopped, failed, Kafka-fed): waiters ask the database. */
  forget(projection: string): void {
    this.reached.delete(projection);
  }

  reachedBy(projection: string): LogPosition | undefined {
    return this.reached.get(projection);
  }
}
