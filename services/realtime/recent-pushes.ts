/**
 * The pushes this instance sent lately, so a socket that reconnects with the position it last heard on a channel
 * gets what it missed (DESIGN.md §9). Complete from `horizon` on: the feed's starting place, then the position of
 * the newest push the bounded buffer let go. A position older than the horizon cannot be caught up from here: the
 * client refetches instead.
 */
import { comparePositions, type LogPosition } from '../event-store/event-store.port';

export interface RecentPush { channel: string; position: LogPosition; text: string }

export class RecentPushes {
  private readonly pushes: RecentPush[] = [];
  private horizon: LogPosition | null = null;
  /** false until the feed said where it starts: nothing can be caught up before that. */
  private started = false;

  constructor(private readonly capacity = 5000) {}

  /** The feed starts after `position` (null: from the log's start). */
  startAt(position: LogPosition | null): void {
    this.horizon = position;
    this.started = true;
  }

  add(push: RecentPush): void {
    this.pushes.push(push);
    if (this.pushes.length > this.capacity) this.horizon = (this.pushes.shift() as RecentPush).position;
  }

  /** The pushes on `channel` after `after`, in order; null when this instance cannot know them all. */
  since(channel: string, after: LogPosition): RecentPush[] | null {
    if (!this.started) return null;
    if (this.horizon && comparePositions(after, this.horizon) < 0) return null;
    return this.pushes.filter((p) => p.channel === channel && comparePositions(p.position, after) > 0);
  }
}
