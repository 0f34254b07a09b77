/**
 * LISTEN on PostgreSQL for the cross-process signals: committed projection batches (read-your-writes waiters)
 * and appended events (idle catch-up readers). One pool client is kept for it; when that connection breaks it
 * reconnects with backoff and tells every handler `reconnected`, since notifications sent meanwhile are lost.
 */
import type pg from 'pg';
import type { Database } from '../../services/db/database';
import { Backoff, pause } from '../../services/feed/backoff';
import { errorFields, type Log } from '../../services/feed/log';

/** `payload` null: the connection was re-established and notifications may have been missed. */
type Handler = (payload: string | null) => void;

export class PgListener {
  private client: pg.PoolClient | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly stopping = new AbortController();
  private readonly backoff = new Backoff({ initialMs: 200, maxMs: 10_000 });

  private constructor(private readonly db: Database, private readonly channels: readonly string[], private readonly log: Log) {}

  static async open(db: Database, channels: readonly string[], log: Log): Promise<PgListener> {
    const listener = new PgListener(db, channels, log);
    await listener.connect();
    return listener;
  }

  on(channel: string, handler: Handler): () => void {
    const set = this.handlers.get(channel) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(channel, set);
    return () => set.delete(handler);
  }

  async close(): Promise<void> {
    this.stopping.abort();
    const client = this.client;
    this.client = null;
    if (!client) return;
    await client.query('unlisten *').catch(() => undefined);
    client.release();
  }

  private async connect(): Promise<void> {
    const client = await this.db.pool.connect();
    client.on('notification', (message) => this.dispatch(message.channel, message.payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    try {
      for (const channel of this.channels) await client.query(`listen ${channel}`);
    } catch (error) {
      // the server went away between connect and LISTEN: hand the broken client back instead of leaking it
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    this.client = client;
    this.backoff.reset();
  }

  private dispatch(channel: string, payload: string | null): void {
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }

  private lost(client: pg.PoolClient, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    client.release(error);
    this.log.warn(errorFields(error), 'LISTEN connection lost; reconnecting');
    void this.reconnect();
  }

  private async reconnect(): Promise<void> {
    while (!this.stopping.signal.aborted && !this.client) {
      await pause(this.backoff.next(), this.stopping);
      if (this.stopping.signal.aborted) return;
      try {
        await this.connect();
        for (const channel of this.channels) this.dispatch(channel, null);
      } catch (error) {
        this.log.warn(errorFields(error), 'LISTEN reconnect failed');
      }
    }
  }
}
