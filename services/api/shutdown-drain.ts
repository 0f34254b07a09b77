/**
 * Leaving the proxy's rotation before a graceful stop (SIGTERM: a rolling restart behind the proxy,
 * infra/cluster/restart.sh). While draining, the liveness check answers 503 and every other request is still served,
 * each answer closing its connection so that no keep-alive connection is left for the proxy to reuse.
 *
 * The drain lasts at least `drainMs` and then until the proxy has sent nothing but health checks for `quietMs`: it
 * has taken this instance out of rotation. On a loaded machine the proxy's checks (and so its decision) can come
 * later than the nominal fall time. With a fixed drain, a rolling restart under two extra busy loops answered two
 * writes 502; the likely cause (not proven) is a listener that closed while the proxy still routed writes here.
 * Bounded by `maxMs`.
 */
import type { FastifyInstance } from 'fastify';

export const LIVENESS_PATH = '/api/health/live';

export interface DrainOptions {
  drainMs: number;
  /** No request but health checks for this long: the proxy has stopped routing here (default 1000 ms). */
  quietMs?: number;
  /** The longest drain, whatever the traffic (default 4 × drainMs). */
  maxMs?: number;
}

export interface ShutdownDrain {
  /** Starts answering the liveness check 503 and resolves once the proxy has stopped sending requests. */
  drain(): Promise<void>;
}

export function installShutdownDrain(app: FastifyInstance, options: DrainOptions): ShutdownDrain {
  const quietMs = options.quietMs ?? 1000;
  const maxMs = options.maxMs ?? options.drainMs * 4;
  let draining = false;
  let lastRequestAt = 0;
  app.addHook('onRequest', async (request, reply) => {
    const liveness = request.url.split('?')[0] === LIVENESS_PATH;
    if (!liveness) lastRequestAt = Date.now();
    if (!draining) return;
    reply.header('connection', 'close');
    if (liveness) return reply.code(503).send({ code: '503', message: 'shutting down', data: { status: 'draining' } });
  });
  return {
    async drain() {
      if (options.drainMs <= 0) return;
      draining = true;
      const started = Date.now();
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      // a timer may fire a millisecond early by the wall clock: the drain lasts drainMs by the clock it is measured with
      while (Date.now() - started < options.drainMs) await sleep(options.drainMs - (Date.now() - started));
      while (Date.now() - lastRequestAt < quietMs && Date.now() - started < maxMs) {
        await sleep(Math.min(quietMs - (Date.now() - lastRequestAt), maxMs - (Date.now() - started)) + 10);
      }
    },
  };
}
