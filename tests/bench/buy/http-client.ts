/**
 * The Buy benchmarks' HTTP client: node:http with a keep-alive agent (one socket per worker, as a browser keeps its
 * connection), JSON in and out. Lighter than fetch, because the load runs in the same process as the server it
 * measures and every client cycle is a cycle the server does not get.
 */
import http from 'node:http';

export interface Envelope<T = Record<string, unknown>> { code: string; message: string; data: T }
export interface Answer<T> { status: number; body: T }

export interface RequestOptions { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string }

/** Below every server's and proxy's keep-alive timeout on the way (HAProxy's 10 s, Fastify's 72 s). */
const IDLE_SOCKET_MS = 4000;

export class HttpClient {
  private readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string, maxSockets: number) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    // A socket idle for IDLE_SOCKET_MS is closed here first: HAProxy (infra/cluster) closes a client connection idle for
    // 10 s (its http-request timeout), and a request written at the moment the proxy closes the socket it reuses dies
    // with "socket hang up" (the cluster bench met that once between two of its loads). Browsers retry such a request;
    // this client does not, so it never reuses a socket that old.
    this.agent = new http.Agent({ keepAlive: true, maxSockets, timeout: IDLE_SOCKET_MS });
  }

  request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const headers = Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    if (options.token) headers.authorization = options.token;
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (payload !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise((resolve, reject) => {
      const req = http.request({ host: this.host, port: this.port, method, path, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as T });
          } catch {
            reject(new Error(`${method} ${path}: HTTP ${res.statusCode} answered non-JSON: ${text.slice(0, 120)}`));
          }
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** A storefront call: the `{code, message, data}` envelope. */
  api<T = Record<string, unknown>>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<Envelope<T>>> {
    return this.request<Envelope<T>>(method, `/api${path}`, options);
  }

  close(): void {
    this.agent.destroy();
  }
}

/** `fn` over `items` with at most `inFlight` running at once; answers in item order. */
export async function mapLimit<I, O>(items: readonly I[], inFlight: number, fn: (item: I, index: number) => Promise<O>): Promise<O[]> {
  const out = new Array<O>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(inFlight, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      out[index] = await fn(items[index], index);
    }
  }));
  return out;
}
