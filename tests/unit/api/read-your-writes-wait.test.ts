/**
 * The bound of a command's read-your-writes wait inside a request (services/api/read-your-writes.ts): the configured
 * one, except in a request that came in behind on a 'decide-on-streams' route (issue 28) — it already waited its
 * whole bound for read models that did not move, so its own writes go to the session at once instead of costing
 * another bound each (a submit during a feed outage took 6 s for 2).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { WaitFor, WaitForOptions, WrittenEvent } from '../../../projections/runner/wait-for';
import { installReadYourWrites, rememberingWaitFor } from '../../../services/api/read-your-writes';
import type { SessionStore } from '../../../services/identity/session-store';

const BOUND_MS = 2000;
const written: WrittenEvent[] = [{ streamId: 'cart-1', revision: 3, type: 'CartLinesCheckedOut', position: { commit: 1n, prepare: 9n } }];

function appWaiting(): { app: FastifyInstance; bounds: Array<number | undefined> } {
  const bounds: Array<number | undefined> = [];
  const never: WaitFor = async (_appended, options?: WaitForOptions) => {
    bounds.push(options?.timeoutMs);
    return false;
  };
  const waitFor = rememberingWaitFor(never, BOUND_MS);
  const app = Fastify();
  installReadYourWrites(app, { remember: async () => undefined } as unknown as SessionStore);
  app.post('/write', async (request) => {
    if (request.headers['x-came-in-behind']) {
      request.readModelsBehind = { 'address-book-1': { revision: 0, type: 'AddressAdded', position: '1/1', projections: [] } };
    }
    await waitFor(written);
    return { ok: true };
  });
  return { app, bounds };
}

describe('a command waiting for its writes inside a request', () => {
  it('waits the configured bound in a request whose session was caught up', async () => {
    const { app, bounds } = appWaiting();
    const response = await app.inject({ method: 'POST', url: '/write' });
    expect(response.headers['x-read-your-writes']).toBe('behind');
    expect(bounds).toEqual([BOUND_MS]);
  });

  it('does not wait again in a request that came in behind: its writes go to the session at once', async () => {
    const { app, bounds } = appWaiting();
    const response = await app.inject({ method: 'POST', url: '/write', headers: { 'x-came-in-behind': '1' } });
    expect(response.headers['x-read-your-writes']).toBe('behind');
    expect(bounds).toEqual([0]);
  });
});
