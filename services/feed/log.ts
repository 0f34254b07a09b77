/**
 * The logging shape feeds and projections write to: pino's `(fields, message)` order, so Fastify's logger fits
 * as it is, and `console` does too (it prints both arguments).
 */
export interface Log {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** A plain line writer (`(line) => console.log(line)`) also serves: fields are appended as JSON. */
export type LogLike = Log | ((line: string) => void);

export function toLog(log: LogLike): Log {
  if (typeof log !== 'function') return log;
  const write = (level: string) => (fields: object, message: string) => {
    const extra = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields, bigintsAsText)}` : '';
    log(`[${level}] ${message}${extra}`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

const bigintsAsText = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

export const silentLog: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

export const errorFields = (error: unknown): { error: string } => ({
  error: error instanceof Error ? (error.stack ?? error.message) : String(error),
});
