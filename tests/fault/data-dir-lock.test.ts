/**
 * Issue 10, two servers on one data directory (embedded PGlite): while buyers check out on a running server, a
 * second server is started on the same DATA_DIR. It must refuse (exit 1, saying why) instead of opening the same
 * PGlite files; the first keeps serving without a failed request; the ops CLI goes through the running server. The
 * data directory is then checked like every scenario's (the first server stopped, its PGlite opened by the test).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase, type Database } from '../../services/db/database';
import { describeFault, PORTS, ROOT, scratchDir } from './support/fault-env';
import { snapshotStock } from './support/invariants';
import { expectInvariants, pickLines, runScenario } from './support/scenario';
import { serverEnv, spawnServer, untilReady, type ServerProcess } from './support/server-process';

const run = promisify(execFile);

describeFault('two servers on one data directory', ['postgres'], () => {
  let first: ServerProcess | null = null;
  let second: ServerProcess | null = null;
  let pglite: Database | null = null;

  afterAll(async () => {
    await second?.kill('SIGKILL');
    await first?.kill('SIGKILL');
    await pglite?.close();
  }, 60_000);

  it('refuses the second server and keeps the first one serving', async () => {
    const dataDir = scratchDir('data-dir');
    const pgliteDir = path.join(dataDir, 'pglite');
    // Seeded once, stopped, then read here for the SKUs and their stock before the load (PGlite: one process at a time).
    const seeding = spawnServer('services/main.ts', { port: PORTS.server(7), dataDir });
    await untilReady(seeding, 90_000);
    await seeding.kill('SIGTERM');
    const before = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    const lines = await pickLines(before, 4);
    const initialStock = await snapshotStock(before, lines.map((l) => l.skuId));
    await before.close();
    first = spawnServer('services/main.ts', { port: PORTS.server(7), dataDir });
    await untilReady(first, 90_000);
    const api = first;
    let secondExit: number | string | null = null;
    let cliExit: number | null = null;
    let cliOutput = '';

    // The read models are checked through the first server's own data: opened only after it has stopped.
    const result = await runScenario({
      name: 'second server started on the same DATA_DIR', url: api.url, db: () => pglite!, buyers: 12, inFlight: 4,
      retries: false, injectAfter: 3, healthProblem: null, rebuild: { copyTo: process.env.DATABASE_URL! },
      prepared: { lines, initialStock },
      output: () => `${api.output()}\n--- second ---\n${second?.output() ?? ''}`,
      async inject() {
        const injectedAt = Date.now();
        second = spawnServer('services/main.ts', { port: PORTS.server(8), dataDir });
        secondExit = await Promise.race([second.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000))]);
        try {
          const cli = await run(process.execPath, ['--import', 'tsx', 'services/ops/cli.ts', 'projections', 'status'],
            { cwd: ROOT, env: serverEnv({ port: PORTS.server(7), dataDir }), timeout: 60_000 });
          cliExit = 0;
          cliOutput = cli.stdout + cli.stderr;
        } catch (error) {
          const failed = error as { code?: number; stdout?: string; stderr?: string };
          cliExit = failed.code ?? -1;
          cliOutput = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
        }
        return { injectedAt, repairedAt: Date.now() };
      },
      async afterFault() {
        await api.kill('SIGTERM');
        await second?.kill('SIGKILL');
        pglite = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
      },
    });
    console.log(`[fault] second server exit: ${secondExit}; its output: ${second?.output().slice(-400) ?? ''}\n`
      + `[fault] ops CLI exit ${cliExit}: ${cliOutput.slice(-400)}`);
    expect({ secondExit, firstExitedBeforeStop: result.outcomes.some((o) => /ECONNREFUSED/.test(o.failure ?? '')) })
      .toEqual({ secondExit: 1, firstExitedBeforeStop: false });
    expect(second!.output()).toMatch(/DATA_DIR|data directory/i);
    expect(cliExit).toBe(0);
    expect(result.outcomes.filter((o) => o.failure)).toEqual([]);
    expectInvariants(result);
  }, 240_000);
});
