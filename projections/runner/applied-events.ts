/** In-process notice of committed batches: read-your-writes waiters listen here instead of polling. */
import { EventEmitter } from 'node:events';
import type { AppliedRevisions } from './apply-batch';

/** `streams` null: the live generation was switched; waiters re-read the guard from the database. */
export interface AppliedNotice { projection: string; generation: number; streams: AppliedRevisions | null }

export class AppliedEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0); // one listener per waiting request
  }

  emit(notice: AppliedNotice): void {
    this.emitter.emit('applied', notice);
  }

  on(listener: (notice: AppliedNotice) => void): () => void {
    this.emitter.on('applied', listener);
    return () => this.emitter.off('applied', listener);
  }
}
