/**
 * Waits until every projection of a runtime has applied the whole event log: each stored checkpoint at or past the
 * store's head. Reads only the checkpoints and the head, so polling costs nothing next to the catch-up itself
 * (the runtime's status() would re-read up to 10,000 events per poll to count the lag).
 */
import { comparePositions } from '../../../services/event-store/event-store.port';
import type { Runtime } from '../../../services/runtime';
import { storedCheckpoints } from '../../../projections/runner/status';
import { progress } from '../stats';

const POLL_MS = 250;

/** Milliseconds until each projection caught up (first seen at the head); throws after `timeoutMs`, naming the ones behind. */
export async function untilCaughtUp(runtime: Runtime, timeoutMs: number): Promise<Map<string, number>> {
  const started = performance.now();
  const names = runtime.projections.names();
  const caughtUp = new Map<string, number>();
  let lastReport = started;
  for (;;) {
    const head = await runtime.store.headPosition();
    const checkpoints = await storedCheckpoints(runtime.db, names);
    const elapsed = performance.now() - started;
    for (const name of names) {
      const position = checkpoints.get(name)?.position ?? null;
      const done = head === null || (position !== null && comparePositions(position, head) >= 0);
      if (done && !caughtUp.has(name)) caughtUp.set(name, elapsed);
    }
    const behind = names.filter((name) => !caughtUp.has(name));
    if (behind.length === 0) return caughtUp;
    if (elapsed > timeoutMs) throw new Error(`projections not caught up after ${Math.round(elapsed / 1000)} s: ${behind.join(', ')}`);
    if (performance.now() - lastReport > 10_000) {
      progress(`catch-up ${Math.round(elapsed / 1000)} s, behind: ${behind.length > 3 ? `${behind.length} projections` : behind.join(', ')}`);
      lastReport = performance.now();
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
