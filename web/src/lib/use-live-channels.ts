/**
 * Follows websocket channels (DESIGN.md §9) while a screen shows what they tell of: `onPush` runs for every push on
 * any of `channels` (and with `meta.resync` when pushes were missed across a reconnect), typically to refetch. The
 * pushes come once the read models the screen reads have the change, so a refetch shows it.
 */
import { useEffect, useRef } from 'react';
import { realtime, type PushHandler } from './realtime';

export function useLiveChannels(channels: readonly string[], onPush: PushHandler): void {
  const handler = useRef(onPush);
  handler.current = onPush;
  const key = [...new Set(channels)].sort().join(' ');
  useEffect(() => {
    if (key === '') return undefined;
    const leaves = key.split(' ').map((channel) => realtime.subscribe(channel, (payload, meta) => handler.current(payload, meta)));
    return () => leaves.forEach((leave) => leave());
  }, [key]);
}
