import { httpStatusMessage, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from './http-messages';
import { endSession, getToken } from './session';

/** A failed call: `code` is the envelope code, an HTTP status, or TIMEOUT / NETWORK / BAD_RESPONSE. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }

  /**
   * HTTP 503: the server could not answer now but could on a retry (busy, or its database away for a moment). The
   * same request may be sent again; a write keeps its Idempotency-Key (features/checkout/submit-attempts.ts).
   */
  get retryLater(): boolean {
    return this.status === 503;
  }
}

/** Spec §4/§8: these envelope codes end the session and send the shopper to log in. */
export const SESSION_ENDING_CODES: ReadonlySet<string> = new Set(['20004', '20005']);
export const LOGIN_AFTER_SESSION_END = '/login?type=2';
export const REQUEST_TIMEOUT_MS = 20000;

type Scalar = string | number | boolean;
export type Query = Record<string, Scalar | readonly Scalar[] | null | undefined>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  query?: Query;
  body?: unknown;
  /** Extra request headers (e.g. `Idempotency-Key` on /order/submit). */
  headers?: Record<string, string>;
  /** The caller's own cancellation (e.g. a component unmounting); rethrown as an AbortError. */
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  baseUrl: string;
  timeoutMs: number;
  fetch: typeof fetch;
  getToken: () => string | undefined;
  onSessionEnded: () => void;
}

interface Envelope {
  code?: unknown;
  message?: unknown;
  error?: unknown;
  data?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export function toQueryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const qs = params.toString();
  return qs === '' ? '' : `?${qs}`;
}

async function readEnvelope(response: Response): Promise<Envelope | undefined> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Envelope) : undefined;
  } catch {
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions) {
  async function send(method: Method, path: string, call: CallOptions): Promise<Response> {
    const headers: Record<string, string> = { ...call.headers, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
    const token = options.getToken();
    if (token) headers.Authorization = token;
    // A FormData body (file upload) goes as multipart with the browser's boundary; any other body as JSON, and only
    // when there is one: servers reject an empty body declared as JSON.
    const multipart = call.body instanceof FormData;
    if (call.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), options.timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout.signal]) : timeout.signal;
    try {
      return await options.fetch(`${options.baseUrl}${path}${toQueryString(call.query)}`, {
        method,
        headers,
        body: call.body === undefined ? undefined : multipart ? (call.body as FormData) : JSON.stringify(call.body),
        credentials: 'include',
        signal,
      });
    } catch (error) {
      if (call.signal?.aborted) throw error;
      if (timeout.signal.aborted) throw new ApiError('TIMEOUT', TIMEOUT_MESSAGE);
      throw new ApiError('NETWORK', NETWORK_MESSAGE);
    } finally {
      clearTimeout(timer);
    }
  }

  async function request<T>(method: Method, path: string, call: CallOptions = {}): Promise<T> {
    const response = await send(method, path, call);
    const envelope = await readEnvelope(response);
    if (!response.ok) {
      // 503 is always 服务繁忙，请稍后重试, also from a proxy with no instance to send the request to (no envelope)
      const message = response.status === 503 ? httpStatusMessage(503) : text(envelope?.error) ?? httpStatusMessage(response.status);
      throw new ApiError(String(response.status), message, response.status);
    }
    if (envelope === undefined) throw new ApiError('BAD_RESPONSE', httpStatusMessage(500), response.status);
    const code = String(envelope.code ?? '');
    if (code === '200') return envelope.data as T;
    if (SESSION_ENDING_CODES.has(code)) options.onSessionEnded();
    throw new ApiError(code, text(envelope.error) ?? text(envelope.message) ?? httpStatusMessage(500), response.status);
  }

  return {
    request,
    get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
    post: <T>(path: string, body?: unknown, signal?: AbortSignal) => request<T>('POST', path, { body, signal }),
    put: <T>(path: string, body?: unknown, signal?: AbortSignal) => request<T>('PUT', path, { body, signal }),
    del: <T>(path: string, body?: unknown, signal?: AbortSignal) => request<T>('DELETE', path, { body, signal }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

let navigate: (to: string) => void = (to) => window.location.assign(to);

/** The app hands in the router's navigate so a session end does not reload the page. */
export function setSessionEndNavigation(go: (to: string) => void): void {
  navigate = go;
}

/** The one client every feature uses: base /api, token from the cookie, 20000 ms timeout. */
export const api: ApiClient = createApiClient({
  baseUrl: '/api',
  timeoutMs: REQUEST_TIMEOUT_MS,
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: () => getToken(),
  onSessionEnded: () => {
    endSession();
    navigate(LOGIN_AFTER_SESSION_END);
  },
});
