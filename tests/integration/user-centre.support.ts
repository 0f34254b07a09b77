/**
 * The user-centre suites run the same scenarios on PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL
 * database (dropped afterwards). `backendsForUserCentre()` names them for `describe.each`.
 */
import { freshPostgres, type FreshPostgres } from '../support/backends';
import { startTestServer, type TestServer } from '../support/test-server';

export interface Backend { name: string; start(clock?: () => Date): Promise<TestServer> }

/**
 * These suites check each answer computed right after a write (a count, a list): under CI's parallel load a fresh
 * PostgreSQL's runners were seen to take longer than the default 2 s read-your-writes bound, and the answer was then,
 * as designed, the read model before the write (readAll answering the old unread count). A longer bound keeps what they
 * check independent of the machine's load; no suite here holds a projection back on purpose.
 */
const LOADED_MACHINE = { READ_YOUR_WRITES_TIMEOUT_MS: '15000' };

const pglite: Backend = { name: 'PGlite', start: (clock) => startTestServer({ web: false, clock, env: LOADED_MACHINE }) };

const postgres: Backend = {
  name: 'PostgreSQL',
  async start(clock) {
    const fresh: FreshPostgres | null = await freshPostgres('user_centre');
    if (!fresh) throw new Error('DATABASE_URL vanished');
    const server = await startTestServer({ web: false, clock, databaseUrl: fresh.url, env: LOADED_MACHINE });
    return {
      ...server,
      async stop() {
        await server.stop();
        await fresh.drop().catch(() => undefined);
      },
    };
  },
};

if (!process.env.DATABASE_URL) console.log('user centre suites: DATABASE_URL not set, PostgreSQL runs skipped (PGlite only)');

export const backendsForUserCentre = (): Backend[] => (process.env.DATABASE_URL ? [pglite, postgres] : [pglite]);

/** Wall time plus an offset the test moves (coupon expiry, birthdays). */
export class MovableClock {
  private offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void { this.offsetMs += ms; }
}
