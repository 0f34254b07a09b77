/**
 * Issue 10, the store tampered with: after a load of buyers (checked like every scenario, the server stopped), one
 * event row is edited in place (an OrderPlaced's price) and one is deleted (an OrderPlaced, its order's OrderPaid
 * still after it), straight in the events table as someone with database access could. `npm run ops -- audit verify`
 * must pass on the untouched log and then fail (exit 1), naming the edited event by its position and the deleted
 * one's stream. Issue 28: the server anchored the whole log, signed, when it stopped (no unanchored tail), and a third
 * order's last event deleted — invisible to its stream's own chain — is named by stream, revision and position.
 * Then `npm run ops -- projections rebuild orders` (the default: identical or refused) must refuse (exit 1), naming
 * the edited event, and switch nothing: the live generations and the orders read model stay as they were.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createFreshDatabase, type FreshPostgres } from '../support/backends';
import { describeFault, PORTS, ROOT, scratchDir } from './support/fault-env';
import { finalLines, runOps } from './support/ops-cli';
import { expectInvariants, runScenario } from './support/scenario';
import { serverEnv, spawnServer, untilReady, type ServerEnv, type ServerProcess } from './support/server-process';

const run = promisify(execFile);

async function auditVerify(env: ServerEnv): Promise<{ exit: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'services/ops/cli.ts', 'audit', 'verify'],
      { cwd: ROOT, env: serverEnv(env), timeout: 60_000 });
    return { exit: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { exit: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describeFault('event rows edited and deleted', ['postgres'], () => {
  let fresh: FreshPostgres | null = null;
  let api: ServerProcess | null = null;

  afterAll(async () => {
    await api?.kill('SIGKILL');
    await fresh?.drop();
  }, 60_000);

  it('audit verify names the edited and the deleted event', async () => {
    fresh = await createFreshDatabase(process.env.DATABASE_URL!, 'fault_tamper');
    const db = fresh.db;
    const env = { port: PORTS.server(9), dataDir: scratchDir('tamper'), databaseUrl: fresh.url };
    api = spawnServer('services/main.ts', env);
    await untilReady(api, 90_000);
    const server = api;
    const result = await runScenario({
      name: 'event rows edited and deleted (load before the tampering)', url: server.url, db: () => db, buyers: 8,
      inFlight: 4, retries: false, injectAfter: 8, healthProblem: null, rebuild: { gate: env }, output: () => server.output(),
      // No fault during this load (the tampering comes after it): health is watched for a second and must stay up.
      async inject() {
        const injectedAt = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return { injectedAt, repairedAt: Date.now() };
      },
    });
    expectInvariants(result);
    await server.kill('SIGTERM');

    const before = await auditVerify(env);
    expect(before).toEqual({ exit: 0, output: expect.stringMatching(/✓/) });
    expect(before.output).toMatch(/no unanchored tail: every event is under an anchor/);

    const [first, second, third] = result.outcomes.flatMap((o) => o.acknowledged?.orderIds ?? []);
    const { rows: [edited] } = await db.query<{ position: string }>(
      `update events set data = jsonb_set(data, '{price}', '1') where stream_id = $1 and type = 'OrderPlaced'
       returning transaction_id::text || '/' || global_position::text as position`, [`order-${first}`]);
    const { rows: [deleted] } = await db.query<{ position: string; later: number }>(
      `delete from events e where stream_id = $1 and type = 'OrderPlaced'
       returning transaction_id::text || '/' || global_position::text as position,
         (select count(*)::int from events l where l.stream_id = e.stream_id and l.stream_revision > e.stream_revision) as later`,
      [`order-${second}`]);
    const { rows: [lastGone] } = await db.query<{ position: string; revision: string }>(
      `delete from events where stream_id = $1 and stream_revision = (select max(stream_revision) from events where stream_id = $1)
       returning transaction_id::text || '/' || global_position::text as position, stream_revision::text as revision`, [`order-${third}`]);
    expect(edited).toBeDefined();
    expect(deleted?.later).toBeGreaterThan(0);
    expect(lastGone).toBeDefined();

    const after = await auditVerify(env);
    console.log(`[fault] audit verify after editing ${edited.position} (order-${first}) deleting ${deleted.position} (order-${second}) and order-${third}'s last event ${lastGone.position}:\n${after.output.slice(-1500)}`);
    expect(after.exit).toBe(1);
    expect(after.output).toMatch(new RegExp(`edited\\s+${edited.position}\\s+order-${first}#`));
    expect(after.output).toMatch(new RegExp(`missing\\s+\\S+\\s+order-${second}#`));
    expect(after.output).toMatch(new RegExp(`missing\\s+${lastGone.position}\\s+order-${third}#${lastGone.revision}\\s`));

    const live = async () => ({
      generations: (await db.query('select projection, generation, version from projection_registry order by projection')).rows,
      orders: (await db.query(`select count(*)::int as n, md5(coalesce(string_agg(o::text, ',' order by o.order_id), '')) as digest from orders o`)).rows[0],
    });
    const liveBefore = await live();
    const rebuild = await runOps(env, ['projections', 'rebuild', 'orders']);
    const refusal = finalLines(rebuild.output);
    console.log(`[fault] projections rebuild orders on the tampered log (exit ${rebuild.exit}, ${rebuild.ms} ms):\n${refusal.slice(-1500)}`);
    expect(rebuild.exit).toBe(1);
    expect(refusal).toMatch(/rebuild of orders refused: the event log's hash chain reports \d+ problem\(s\); nothing switched/);
    expect(refusal).toMatch(new RegExp(`edited event order-${first}#\\d+ at ${edited.position}`));
    expect(await live()).toEqual(liveBefore);
  }, 180_000);
});
