/**
 * Issue 28, crash injection into every process: for each process kind, the server (on PostgreSQL) is killed -9 right
 * after each of the process's appends in turn — every append boundary, enumerated from the process's own trace of
 * a dry run, never picked by hand — started again, and then nothing may be moved twice or lost (the sandbox's ledger
 * equals the store, refunded ≤ paid), no order may be both refunded and shippable, every process must reach a final
 * state with no ops command, stock must equal initial − sold, and (once per kind) the read models must equal a
 * rebuild. One database for the file (one demo seed); one server at a time on PORTS.server(3).
 * Prints `[crash-suite] <kind>: N boundaries: <labels>; invariants held` per kind for the CI log.
 */
import type { Database } from '../../services/db/database';
import { createFreshDatabase, type FreshPostgres } from '../support/backends';
import { describeFault, PORTS, scratchDir } from './support/fault-env';
import { crashEveryBoundary, reportLines, type ProcessScenario } from './support/process-crash-run';
import { ProcessRig } from './support/process-rig';
import { collageScenario, failedGroupScenario } from './support/process-group-scenarios';
import { afterSaleScenario, cartCheckoutScenario, checkoutScenario, paymentScenario } from './support/process-scenarios';
import { rebuildGate } from './support/rebuild-gate';

describeFault('kill -9 after every append of every process', ['postgres'], () => {
  let fresh: FreshPostgres;
  let db: Database;
  let rig: ProcessRig;

  beforeAll(async () => {
    fresh = await createFreshDatabase(process.env.DATABASE_URL!, 'fault_process_crash');
    db = fresh.db;
    rig = new ProcessRig({ port: PORTS.server(3), dataDir: scratchDir('process-crash'), databaseUrl: fresh.url });
    await rig.startPlain();
  }, 120_000);

  afterAll(async () => {
    await rig?.kill();
    await fresh?.drop();
  });

  // each scenario with its own context type, run by one closure (the rig and database exist once beforeAll ran)
  const entry = <C>(scenario: ProcessScenario<C>) => ({ ...scenario, run: () => crashEveryBoundary(rig, db, scenario) });
  const scenarios = [
    entry(checkoutScenario), entry(cartCheckoutScenario), entry(paymentScenario), entry(afterSaleScenario), entry(collageScenario), entry(failedGroupScenario),
  ];
  for (const scenario of scenarios) {
    it(`${scenario.name}: ${scenario.title} — crashed after every ${scenario.kinds.join(' and ')} append, final without ops, invariants hold`, async () => {
      if (!rig.server) await rig.startPlain();
      const started = Date.now();
      const result = await scenario.run();
      const crashedMs = Date.now() - started;
      for (const line of reportLines(result)) console.log(line);
      for (const b of result.boundaries.filter((r) => r.problems.length > 0)) {
        console.log(`[crash-suite] ${b.kind} boundary ${b.k} (${b.label}):\n  ${b.problems.join('\n  ')}`);
      }
      expect(result.dryProblems).toEqual([]);
      for (const kind of scenario.kinds) expect({ kind, traced: result.dryRun.filter((a) => a.kind === kind).length > 0 }).toEqual({ kind, traced: true });
      expect(result.boundaries.map((b) => ({ boundary: `${b.kind} ${b.k}`, problems: b.problems.slice(0, 3) })))
        .toEqual(result.boundaries.map((b) => ({ boundary: `${b.kind} ${b.k}`, problems: [] })));

      // once per scenario: the read models equal a from-scratch rebuild (the gate rebuilds beside the live tables)
      const gateStarted = Date.now();
      expect(await rebuildGate(rig.env)).toEqual([]);
      console.log(`[crash-suite] ${scenario.name}: dry run and ${result.boundaries.length} crashes in ${crashedMs} ms `
        + `(${result.boundaries.map((b) => b.ms).join(', ')} ms each); read models equal a rebuild (${Date.now() - gateStarted} ms)`);
    }, 900_000);
  }
});
