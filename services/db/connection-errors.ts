/**
 * Which errors mean "the database is not there right now" (DESIGN.md §2 invariants: losing PostgreSQL degrades the
 * service, never kills the process). The error handler answers these with HTTP 503 服务不可用! instead of 500, and
 * the start-up path turns them into one line instead of a stack.
 */

/** SQLSTATE classes and codes of a lost or refused connection: 08 connection exception, 57P01-57P05 shutdown/crash. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '53300']);
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE',
]);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /connection error and is not queryable/i,
  /timeout exceeded when trying to connect/i,
  /client was closed and is not queryable/i,
  /cannot use a pool after calling end/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_NODE_CODES.has(code))) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // AggregateError (several addresses refused) and wrapped causes
    const inner = (current as { errors?: unknown[] }).errors?.[0] ?? (current as { cause?: unknown }).cause;
    current = inner;
  }
  return false;
}

/**
 * SQLSTATEs of a statement that lost a lock conflict and would succeed when tried again: a deadlock it was chosen to
 * end (40P01: before issue 28, a reader of several read-model views meeting a rebuild's switch), a serialization
 * failure (40001), a lock not granted in time (55P03). The error handler answers these 503 服务繁忙，请稍后重试, not 500.
 */
const BUSY_SQLSTATES = new Set(['40P01', '40001', '55P03']);

export function isDatabaseBusy(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5 && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && BUSY_SQLSTATES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** postgres://user:secret@host:5432/db → postgres://user@host:5432/db: never print a password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1@');
  }
}

/** Why a connection failed, in a few words: "connection refused", "password authentication failed ...". */
export function connectionReason(error: unknown): string {
  const first = (error as { errors?: unknown[] })?.errors?.[0] ?? error;
  const code = (first as { code?: unknown })?.code;
  const byCode: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host not found',
    ETIMEDOUT: 'connection timed out',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ECONNRESET: 'connection reset',
  };
  if (typeof code === 'string' && byCode[code]) return byCode[code];
  const message = first instanceof Error ? first.message : String(first);
  return message.split('\n')[0] || 'unknown error';
}

/** The one line a start with an unreachable database prints (then exit 1). */
export function cannotConnectLine(url: string, error: unknown): string {
  const redacted = redactUrl(url);
  let where = redacted;
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch { /* keep the redacted url */ }
  return `无法连接数据库 ${where}: ${connectionReason(error)} (DATABASE_URL=${redacted})`;
}

/** Thrown at start when the first connection fails; main prints its message alone. */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    super(cannotConnectLine(url, cause));
    this.name = 'DatabaseUnreachableError';
  }
}
