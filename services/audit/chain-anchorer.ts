/**
 * Writes chain anchors (services/event-store/postgres/chain-anchors.ts) every `everyMs` in the process that serves:
 * the log folded since the last anchor, logged as a witness outside the database. Several processes on one database
 * take turns on an advisory lock; a failed round (database gone) is tried again at the next tick.
 */
import type { Database } from '../db/database';
import { anchorChain, migrateChainAnchors } from '../event-store/postgres/chain-anchors';

export interface ChainAnchorer { anchorNow(): Promise<void>; stop(): Promise<void> }

export async function startChainAnchorer(db: Database, log: (line: string) => void, everyMs = 30_000): Promise<ChainAnchorer> {
  await migrateChainAnchors(db);
  let running: Promise<void> = Promise.resolve();
  const anchorNow = () => {
    running = running.then(async () => {
      try {
        const anchor = await anchorChain(db);
        if (anchor) log(`[audit] chain anchored at ${anchor.position}: ${anchor.events} events, digest ${anchor.digest}`);
      } catch (error) {
        log(`[audit] chain anchor not written (${error instanceof Error ? error.message : String(error)}); retrying later`);
      }
    });
    return running;
  };
  const timer = everyMs > 0 ? setInterval(() => void anchorNow(), everyMs) : null;
  timer?.unref?.();
  return {
    anchorNow,
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
