/**
 * The one resumer (DESIGN.md §4): every process — checkout, payment, after-sale, group buy, order close — is carried
 * to its final state from its own stream by whichever instance claims it, at start and periodically, once.
 *
 * Which processes are unfinished is a read model of their events: the deadlines projection keeps one `resume-process`
 * row per process stream (projections/deadlines/deadline-rules.ts: set by every event after which the process may
 * still have work to do, cleared by its final event). The scheduler (services/scheduler) fires a row
 * PROCESS_RESUME_AFTER_MS after it was set — on any instance, under a lease, so one at a time, and again after a crash
 * that cut a firing short — into the process kind registered for the stream's category. `resume` drives every step
 * still to do (each answers from its stream when done before, so a firing after a finished process records nothing)
 * and returns once the process is final; it throws while something outside is still pending (a refund the provider
 * answers PROCESSING), and the scheduler asks again with doubling backoff. A new event re-arms the row.
 */
import { streamCategory } from '../event-store/event-store.port';
import type { Scheduler } from '../scheduler/scheduler';

/** Carries the process on `streamId` as far as it can go now; throws while it must be asked again later. */
export type ResumeProcess = (streamId: string) => Promise<void>;

export interface ProcessResumer {
  /** The process whose own streams are `<category>-<id>` is resumed by `resume`. */
  register(category: string, resume: ResumeProcess): void;
  /** Resumes one process now (ops, tests); false when no kind is registered for its category. */
  resume(streamId: string): Promise<boolean>;
}

export function createProcessResumer(scheduler: Pick<Scheduler, 'registerDeadlineHandler'>): ProcessResumer {
  const kinds = new Map<string, ResumeProcess>();
  const resume = async (streamId: string): Promise<boolean> => {
    const run = kinds.get(streamCategory(streamId));
    if (!run) return false;
    await run(streamId);
    return true;
  };
  scheduler.registerDeadlineHandler('resume-process', async (due) => {
    // never marked done unresumed: another instance (or this one, once its slices registered) takes it later
    if (!(await resume(due.streamId))) throw new Error(`no process kind resumes ${due.streamId} here`);
  });
  return {
    register(category, run) {
      // one per category; an app built again on the same runtime (tests) takes over from the one before
      kinds.set(category, run);
    },
    resume,
  };
}
