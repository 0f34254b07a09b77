/**
 * METRICS_PORT: `/metrics` on a port of its own, for processes without an API (the projection worker) and for a
 * Prometheus that scrapes a private network. No token here: bind it (HOST) where only ops reach.
 */
import { createServer, type Server } from 'node:http';
import { scrape, SCRAPE_CONTENT_TYPE } from './registry';

export interface MetricsServer { port: number; close(): Promise<void> }

export async function startMetricsServer(port: number, host: string): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    scrape().then(
      (text) => response.writeHead(200, { 'content-type': SCRAPE_CONTENT_TYPE, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
