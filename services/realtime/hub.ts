/**
 * Websocket channels (DESIGN.md §9): `order:<id>`, `collage:<id>`, `user:<id>`, `sku:<id>`. Who may listen to a channel
 * is decided by a policy per channel kind; features register theirs (the order feature checks ownership, ...), and
 * the pushes they derive from the event log (`pushFrom`: push-feed.ts reads the log on every instance and delivers).
 * Messages carry the log position so a client drops stale ones; the recent ones are kept for reconnecting sockets.
 */
import { websocketPushes } from '../metrics/edge-metrics';
import { formatPosition, type LogPosition } from '../event-store/event-store.port';
import type { ChannelPush, PushSource } from './push-source';
import { RecentPushes, type RecentPush } from './recent-pushes';

export interface RealtimeSocket {
  send(data: string): void;
  readonly readyState: number;
}

/** `userId` null: a visitor without a session (only public channels, such as `sku:`, let one listen). */
export type ChannelPolicy = (userId: number | null, id: string) => Promise<boolean> | boolean;

export interface PushMessage { op: 'event'; channel: string; position: string | null; payload: unknown }

export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<RealtimeSocket>>();
  private readonly policies = new Map<string, ChannelPolicy>();
  private readonly pushSources: PushSource[] = [];
  private readonly recent = new RecentPushes();
  /** How far the push feed has read the log (null: not started, or the log was empty). */
  private feedPosition: LogPosition | null = null;

  constructor() {
    this.policies.set('user', (userId, id) => userId !== null && String(userId) === id);
  }

  /** Registers who may subscribe to `<kind>:<id>` channels: once per kind (a second registration is a wiring bug). */
  allow(kind: string, policy: ChannelPolicy): void {
    if (this.policies.has(kind)) throw new Error(`a policy for '${kind}' channels is already registered`);
    this.policies.set(kind, policy);
  }

  /** Registers a feature's pushes derived from the log (once per source name). */
  pushFrom(source: PushSource): void {
    if (this.pushSources.some((s) => s.name === source.name)) throw new Error(`push source '${source.name}' is already registered`);
    this.pushSources.push(source);
  }

  get sources(): readonly PushSource[] {
    return this.pushSources;
  }

  /** The push feed starts reading after `position`: recent pushes are complete from there. */
  feedStartsAt(position: LogPosition | null): void {
    this.feedPosition = position;
    this.recent.startAt(position);
  }

  /** The push feed has sent every push up to `position`. */
  feedReached(position: LogPosition): void {
    this.feedPosition = position;
  }

  /** Where the push feed is: a socket subscribing now hears every later push. */
  get position(): string | null {
    return this.feedPosition ? formatPosition(this.feedPosition) : null;
  }

  /** A push the feed derived from the log: kept for reconnecting sockets, then sent to the channel's listeners. */
  deliver(push: ChannelPush): number {
    const message: PushMessage = { op: 'event', channel: push.channel, position: formatPosition(push.position), payload: push.payload };
    const text = JSON.stringify(message);
    this.recent.add({ channel: push.channel, position: push.position, text });
    return this.send(push.channel, text);
  }

  /** What the feed pushed on `channel` after `after`; null when this instance cannot tell (the client refetches). */
  missedSince(channel: string, after: LogPosition): readonly RecentPush[] | null {
    return this.recent.since(channel, after);
  }

  async mayListen(userId: number | null, channel: string): Promise<boolean> {
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

  private send(channel: string, text: string): number {
    const set = this.subscribers.get(channel);
    if (!set) return 0;
    let sent = 0;
    for (const socket of set) {
      if (socket.readyState === 1) {
        socket.send(text);
        sent += 1;
      }
    }
    if (sent > 0) websocketPushes.inc({ channel_kind: channel.split(':')[0] }, sent);
    return sent;
  }

  /** Sockets listening on `channel` now. */
  listenersOf(channel: string): number {
    return this.subscribers.get(channel)?.size ?? 0;
  }

  get channelCount(): number {
    return this.subscribers.size;
  }
}
