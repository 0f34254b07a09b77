/**
 * Writes signed chain anchors (services/event-store/postgres/chain-anchors.ts) in the process that serves, so the
 * unanchored tail of the log stays short: an anchor as soon as `everyEvents` visible events follow the last one, and
 * at least every `everyMs` while the log grows (looked at every `checkMs`), and once more when the process stops.
 * Each anchor is logged with its digest and signature: a witness outside the database (whoever keeps the logs can
 * show an anchor that was later removed). Several processes on one database take turns on an advisory lock; a failed
 * round (database gone) is tried again at the next tick. An ops tool (everyMs 0) never anchors: `audit verify` must
 * not sign the very tail it reports.
 */
import type { Database } from '../db/database';
import { anchorChain, lastAnchorPosition, migrateChainAnchors, unanchoredCount, type AnchorSigner } from '../event-store/postgres/chain-anchors';
import type { AppendWitness } from './append-witness';

export interface ChainAnchorer { anchorNow(): Promise<void>; stop(): Promise<void> }

export interface AnchorSchedule {
  /** the longest a growing log goes unanchored; 0: no timer (ops tools, tests that anchor by hand) */
  everyMs: number;
  /** an anchor as soon as this many events follow the last one */
  everyEvents: number;
  /** how often the tail is counted */
  checkMs: number;
}

const MAX_EVENTS_PER_ANCHOR = 50_000;

export const DEFAULT_ANCHOR_SCHEDULE: AnchorSchedule = { everyMs: 30_000, everyEvents: 500, checkMs: 2_000 };

/** `witness`: this process's appends (null: it keeps none, and its anchors name no unwitnessed events). */
export async function startChainAnchorer(
  db: Database, signer: AnchorSigner, witness: AppendWitness | null, log: (line: string) => void, schedule: Partial<AnchorSchedule> = {},
): Promise<ChainAnchorer> {
  const { everyMs, everyEvents, checkMs } = { ...DEFAULT_ANCHOR_SCHEDULE, ...schedule };
  await migrateChainAnchors(db);
  let running: Promise<void> = Promise.resolve();
  let lastRound = Date.now();
  const anchorNow = () => {
    running = running.then(async () => {
      lastRound = Date.now();
      try {
        // a tail longer than one anchor holds (a first start on a large log) is anchored in several
        const options = { maxEvents: MAX_EVENTS_PER_ANCHOR, witness: witness ?? undefined };
        for (let anchor = await anchorChain(db, signer, options); anchor; anchor = anchor.count >= MAX_EVENTS_PER_ANCHOR ? await anchorChain(db, signer, options) : null) {
          log(`[audit] chain anchor #${anchor.seq} at ${anchor.position}: ${anchor.count} events (${anchor.events} in all`
            + `${anchor.unwitnessed ? `, ${anchor.unwitnessed} not appended by this process` : ''}), `
            + `digest ${anchor.digest}, key ${anchor.keyId}, signature ${anchor.signature}`);
        }
        const through = await lastAnchorPosition(db);
        if (through) witness?.forgetThrough(through);
      } catch (error) {
        log(`[audit] chain anchor not written (${error instanceof Error ? error.message : String(error)}); retrying later`);
      }
    });
    return running;
  };
  const tick = async () => {
    try {
      if (Date.now() - lastRound >= everyMs || (await unanchoredCount(db, everyEvents)) >= everyEvents) await anchorNow();
    } catch {
      // the database is away: the next tick looks again
    }
  };
  const timer = everyMs > 0 ? setInterval(() => void tick(), Math.min(checkMs, everyMs)) : null;
  timer?.unref?.();
  return {
    anchorNow,
    async stop() {
      if (!timer) return running;
      clearInterval(timer);
      await anchorNow(); // a stopped server leaves no tail behind it
    },
  };
}
