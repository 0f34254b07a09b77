/**
 * Issue 28, finding 2, as an operator sees it: `npm run ops -- projections rebuild <name>` over an event edited straight
 * in the events table refuses by default (exit 1, nothing switched), naming the event by stream, revision and
 * position, and printing the rows it changes; `--accept-differences` does not get past a broken chain; once the event
 * is back, the rebuild (`--require-identical`, the default's old name) switches again. PostgreSQL only (the CLI opens
 * the database directly there; a PGlite directory would be a server's).
 */
import { createFreshDatabase, describeIfPostgres, type FreshPostgres } from '../support/backends';
import { runOps } from '../support/server-process';

/** A real process per command on a shared, loaded machine. */
const PROCESS_TIMEOUT_MS = 300_000;

describeIfPostgres('the ops rebuild over a tampered event', () => {
  let fresh: FreshPostgres | null = null;
  afterAll(async () => fresh?.drop());

  it('refuses by default and names the event; switches on the untouched log', async () => {
    fresh = await createFreshDatabase(process.env.DATABASE_URL!, 'ops_rebuild_gate');
    const env = { DATABASE_URL: fresh.url, DATA_DIR: ':memory:' };
    const ops = async (...args: string[]) => {
      const finished = await runOps(args, env);
      return { code: finished.code, output: finished.output.split('\r').pop() ?? '' };
    };
    expect((await ops('seed', 'demo')).code).toBe(0);
    const first = await ops('projections', 'rebuild', 'notices');
    expect(first).toEqual({ code: 0, output: expect.stringContaining('notices: generation 1 → 2') });

    const { rows: [edited] } = await fresh.db.query<{ stream: string; revision: string; position: string; original: string }>(
      `update events e set data = jsonb_set(e.data, '{noticeTitle}', '"篡改的标题"') from events o
       where e.global_position = (select min(global_position) from events where type = 'NoticePublished')
         and o.global_position = e.global_position
       returning e.stream_id as stream, e.stream_revision::text as revision,
         e.transaction_id::text || '/' || e.global_position::text as position, o.data::text as original`);
    const named = `✗ edited event ${edited.stream}#${edited.revision} at ${edited.position}`;

    const refused = await ops('projections', 'rebuild', 'notices');
    console.log(`[ops] rebuild over ${edited.stream}#${edited.revision} edited:\n${refused.output.slice(-1500)}`);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("rebuild of notices refused: the event log's hash chain reports 1 problem(s); nothing switched");
    expect(refused.output).toContain(named);
    expect(refused.output).toMatch(/\+ rebuilt \(.*篡改的标题/);
    expect(refused.output).toContain(`notices: the differences come from edited event ${edited.stream}#${edited.revision} at ${edited.position}`);
    const accepting = await ops('projections', 'rebuild', 'notices', '--accept-differences');
    expect(accepting.code).toBe(1);
    expect(accepting.output).toContain(named);
    const { rows: [live] } = await fresh.db.query<{ generation: number }>(`select generation from projection_registry where projection = 'notices'`);
    expect(Number(live.generation)).toBe(2);

    await fresh.db.query('update events set data = $3::jsonb where stream_id = $1 and stream_revision = $2',
      [edited.stream, edited.revision, edited.original]);
    const whole = await ops('projections', 'rebuild', 'notices', '--require-identical');
    expect(whole).toEqual({ code: 0, output: expect.stringContaining('notices: identical to the live read model') });
    expect(whole.output).toContain('notices: generation 2 → 3');
  }, PROCESS_TIMEOUT_MS);
});
