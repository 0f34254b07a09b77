/**
 * The drain before a graceful stop: the liveness check turns 503 while everything else is served, and the drain ends
 * only once the proxy has stopped sending requests (health checks aside), within its bound.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { installShutdownDrain, LIVENESS_PATH } from '../../../services/api/shutdown-drain';

const DRAIN_MS = 60;
const QUIET_MS = 300;
const MAX_MS = 1500;

function appWithDrain(): { app: FastifyInstance; drain: () => Promise<void> } {
  const app = Fastify();
  const { drain } = installShutdownDrain(app, { drainMs: DRAIN_MS, quietMs: QUIET_MS, maxMs: MAX_MS });
  app.get(LIVENESS_PATH, async () => ({ code: '200', data: { status: 'up' } }));
  app.get('/api/thing', async () => ({ code: '200' }));
  return { app, drain };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('shutdown drain', () => {
  it('answers the liveness check 503 while draining and still serves the rest, each answer closing its connection', async () => {
    const { app, drain } = appWithDrain();
    expect((await app.inject({ method: 'GET', url: LIVENESS_PATH })).statusCode).toBe(200);
    const draining = drain();
    const live = await app.inject({ method: 'GET', url: LIVENESS_PATH });
    const thing = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(live.statusCode).toBe(503);
    expect(live.json()).toMatchObject({ code: '503', data: { status: 'draining' } });
    expect(thing.statusCode).toBe(200);
    expect(thing.headers.connection).toBe('close');
    await draining;
    await app.close();
  });

  it('ends after the drain time plus a quiet spell when only health checks arrive', async () => {
    const { app, drain } = appWithDrain();
    const started = Date.now();
    const draining = drain();
    const checks = (async () => {
      while (Date.now() - started < 400) {
        await app.inject({ method: 'GET', url: LIVENESS_PATH });
        await sleep(20);
      }
    })();
    await draining;
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(DRAIN_MS);
    // health checks do not hold it: counted as traffic, they would keep it draining until they stop at 400 ms
    expect(took).toBeLessThan(DRAIN_MS + QUIET_MS);
    await checks;
    await app.close();
  });

  it('waits while requests still come, until they stop for the quiet spell', async () => {
    const { app, drain } = appWithDrain();
    const started = Date.now();
    let lastRequest = 0;
    const traffic = (async () => {
      while (Date.now() - started < 300) {
        await app.inject({ method: 'GET', url: '/api/thing' });
        lastRequest = Date.now();
        await sleep(20);
      }
    })();
    await drain();
    const ended = Date.now();
    await traffic;
    expect(ended - lastRequest).toBeGreaterThanOrEqual(QUIET_MS - 25);
    expect(ended - started).toBeGreaterThanOrEqual(300);
    await app.close();
  });

  it('ends at its bound while the requests never stop', async () => {
    const { app, drain } = appWithDrain();
    const started = Date.now();
    let stop = false;
    const traffic = (async () => {
      while (!stop) {
        await app.inject({ method: 'GET', url: '/api/thing' });
        await sleep(20);
      }
    })();
    await drain();
    const took = Date.now() - started;
    stop = true;
    await traffic;
    expect(took).toBeGreaterThanOrEqual(MAX_MS);
    expect(took).toBeLessThan(MAX_MS + QUIET_MS + 400);
    await app.close();
  });
});
