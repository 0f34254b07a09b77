/**
 * 我的消息's unread count (userInfo.notRead) kept current: pushed as `{notRead}` on the shopper's channel `user:<id>`
 * after every read or removal (services/api/notice/notice-inbox.commands.ts), from any tab. The menu badge and the
 * top bar read the stored userInfo, so they follow at once.
 */
import { useEffect } from 'react';
import { getClientState, setClientState } from './client-state';
import { realtime } from './realtime';

const notReadOf = (payload: unknown): number | null => {
  const value = typeof payload === 'object' && payload !== null ? (payload as { notRead?: unknown }).notRead : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
};

/** Stores a new unread count in userInfo (no-op while signed out or unchanged). */
export function storeUnread(notRead: number): void {
  const current = getClientState().userInfo;
  if (current && current.notRead !== notRead) setClientState({ userInfo: { ...current, notRead } });
}

export function useLiveUnread(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    return realtime.subscribe((userId) => `user:${userId}`, (payload) => {
      const notRead = notReadOf(payload);
      if (notRead !== null) storeUnread(notRead);
    });
  }, [signedIn]);
}
