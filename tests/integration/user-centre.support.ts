/**
 * The user-centre suites run the same scenarios on PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL
 * database (dropped afterwards). `backendsForUserCentre()` names them for `describe.each`.
 */
import { freshPostgres, type FreshPostgres } from '../support/backends';
import { startTestServer, type TestServer } from '../support/test-server';

export interface Backend { name: string; start(clock?: () => Date): Promise<TestServer> }

const pglite: Backend = { name: 'PGlite', start: (clock) => startTestServer({ web: false, clock }) };

const postgres: Backend = {
  name: 'PostgreSQL',
  async start(clock) {
    const fresh: FreshPostgres | null = await freshPostgres('user_centre');
    if (!fresh) throw new Error('DATABASE_URL vanished');
    const server = await startTestServer({ web: false, clock, databaseUrl: fresh.url });
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
