/**
 * A shopper's websocket as the storefront opens it (web/src/lib/realtime.ts, with the `ws` package): `/ws?token=…`,
 * `ready`, then `{op:'subscribe', channel}` per order. A push is time-stamped the moment its message is parsed, so
 * the push latency is not stretched by whoever awaits it; `ping` measures the socket's own round trip.
 */
import WebSocket from 'ws';
import { now } from '../stats';

interface ServerMessage { op: string; channel?: string; payload?: Record<string, unknown>; userId?: number; message?: string }
type Waiter = (message: ServerMessage, at: number) => boolean;

export class PushSocket {
  private readonly waiters = new Set<Waiter>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const at = now();
      const message = JSON.parse(String(data)) as ServerMessage;
      for (const waiter of [...this.waiters]) if (waiter(message, at)) this.waiters.delete(waiter);
    });
  }

  static async open(baseUrl: string, token: string): Promise<PushSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`);
    const socket = new PushSocket(ws);
    const ready = socket.next((m) => m.op === 'ready' || m.op === 'error', 5000);
    ready.catch(() => undefined); // awaited below, once open; a socket that never opens fails there instead
    await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
    const answer = await ready;
    if (answer.message.op !== 'ready') throw new Error(`websocket refused: ${answer.message.message}`);
    return socket;
  }

  /** The first message `match` accepts from now on, with its arrival time; rejects after `timeoutMs`. */
  next(match: (message: ServerMessage) => boolean, timeoutMs: number): Promise<{ message: ServerMessage; at: number }> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = (message, at) => {
        if (!match(message)) return false;
        clearTimeout(timer);
        resolve({ message, at });
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no matching websocket message in ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  async subscribe(channel: string): Promise<void> {
    const answer = this.next((m) => m.channel === channel && (m.op === 'subscribed' || m.op === 'error'), 5000);
    this.ws.send(JSON.stringify({ op: 'subscribe', channel }));
    const { message } = await answer;
    if (message.op !== 'subscribed') throw new Error(`subscribe ${channel}: ${message.message}`);
  }

  /** Resolves with the arrival time of the payment-success push on `order:<orderId>`. */
  paidPush(orderId: number, timeoutMs: number): Promise<number> {
    return this.next((m) => m.op === 'event' && m.channel === `order:${orderId}` && m.payload?.code === 'SUCCESS', timeoutMs).then((r) => r.at);
  }

  /** `{op:'ping'}` → `{op:'pong'}` round trip. */
  async ping(): Promise<number> {
    const t0 = now();
    const pong = this.next((m) => m.op === 'pong', 5000);
    this.ws.send(JSON.stringify({ op: 'ping' }));
    return (await pong).at - t0;
  }

  close(): void {
    this.ws.close();
  }
}
