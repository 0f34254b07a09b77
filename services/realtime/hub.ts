/**
 * Websocket channels (DESIGN.md §9): `order:<id>`, `collage:<id>`, `user:<id>`, `sku:<id>`. Who may listen to a channel
 * is decided by a policy per channel kind; features register theirs (the order feature checks ownership, ...).
 * Messages carry the log position so a client drops stale ones.
 */
export interface RealtimeSocket {
  send(data: string): void;
  readonly readyState: number;
}

export type ChannelPolicy = (userId: number, id: string) => Promise<boolean> | boolean;

export interface PushMessage { op: 'event'; channel: string; position: string | null; payload: unknown }

export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<RealtimeSocket>>();
  private readonly policies = new Map<string, ChannelPolicy>();

  constructor() {
    this.policies.set('user', (userId, id) => String(userId) === id);
  }

  /** Registers who may subscribe to `<kind>:<id>` channels: once per kind (a second registration is a wiring bug). */
  allow(kind: string, policy: ChannelPolicy): void {
    if (this.policies.has(kind)) throw new Error(`a policy for '${kind}' channels is already registered`);
    this.policies.set(kind, policy);
  }

  async mayListen(userId: number, channel: string): Promise<boolean> {
    const match = /^([a-z-]+):([0-9A-Za-z_-]{1,64})$/.exec(channel);
    if (!match) return false;
    const policy = this.policies.get(match[1]);
    return policy ? Boolean(await policy(userId, match[2])) : false;
  }

  subscribe(channel: string, socket: RealtimeSocket): void {
    let set = this.subscribers.get(channel);
    if (!set) this.subscribers.set(channel, (set = new Set()));
    set.add(socket);
  }

  unsubscribe(channel: string, socket: RealtimeSocket): void {
    const set = this.subscribers.get(channel);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.subscribers.delete(channel);
  }

  dropSocket(socket: RealtimeSocket): void {
    for (const channel of [...this.subscribers.keys()]) this.unsubscribe(channel, socket);
  }

  /** Pushes to every open subscriber of `channel`; returns how many got it. */
  publish(channel: string, payload: unknown, position: string | null = null): number {
    const set = this.subscribers.get(channel);
    if (!set) return 0;
    const message: PushMessage = { op: 'event', channel, position, payload };
    const text = JSON.stringify(message);
    let sent = 0;
    for (const socket of set) {
      if (socket.readyState === 1) {
        socket.send(text);
        sent += 1;
      }
    }
    return sent;
  }

  get channelCount(): number {
    return this.subscribers.size;
  }
}
