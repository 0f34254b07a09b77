/**
 * Which errors mean "the database is not there right now" (DESIGN.md §2 invariants: losing PostgreSQL degrades the
 * service, never kills the process), and which mean "it is there but could not do this now" (a serialization
 * failure, a deadlock victim, a lock or statement timeout). The API answers both with HTTP 503 服务繁忙，请稍后重试
 * and Retry-After instead of 500 (services/api/retry-later.ts); the start-up path turns the first into one line
 * instead of a stack.
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

/**
 * SQLSTATEs of a statement the server refused for now, that the same request asked again may get through: 40001
 * serialization failure, 40P01 deadlock victim, 55P03 lock not available (lock_timeout, NOWAIT), 57014 canceled
 * (statement_timeout), 25P03 idle-in-transaction timeout (the session is gone with it).
 */
const BUSY_SQLSTATES = new Set(['40001', '40P01', '55P03', '57014', '25P03']);

/** The error itself, then its wrapped causes and an AggregateError's first error (several addresses refused). */
function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return;
    yield current as { code?: unknown; message?: unknown };
    current = (current as { errors?: unknown[] }).errors?.[0] ?? (current as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of errorChain(error)) {
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_NODE_CODES.has(code))) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/** The database is there but refused this statement for now (BUSY_SQLSTATES): asked again, it may pass. */
export function isDatabaseBusy(error: unknown): boolean {
  for (const { code } of errorChain(error)) {
    if (typeof code === 'string' && BUSY_SQLSTATES.has(code)) return true;
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
