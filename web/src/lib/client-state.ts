import { useSyncExternalStore } from 'react';

/** Values as JSON can carry them: the shapes of cart, address and product keys belong to their features. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type SearchType = 'product' | 'shop';

export interface SearchObj {
  keyword: string;
  searchType: SearchType;
}

/** Spec §3 user info. */
export interface UserInfo {
  name: string;
  phone: string;
  sex?: string;
  birthday?: string;
  headImage?: string;
  notRead?: number;
}

/** Spec §3: client state kept in local storage under these keys. */
export interface ClientState {
  searchObj: SearchObj | null;
  newAddress: JsonValue;
  areaCode: string;
  userInfo: UserInfo | null;
  currentPro: JsonValue;
  shoppingCart: JsonValue[];
  cartNumber: number;
  noticeId: number | null;
  collectData: JsonValue;
}

export type ClientStateKey = keyof ClientState;

const initial: ClientState = {
  searchObj: null,
  newAddress: null,
  areaCode: '',
  userInfo: null,
  currentPro: null,
  shoppingCart: [],
  cartNumber: 0,
  noticeId: null,
  collectData: null,
};

export const clientStateKeys = Object.keys(initial) as ClientStateKey[];

/** The part of the Web Storage API the store needs (a Map-backed fake in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

let state: ClientState = { ...initial };
const listeners = new Set<() => void>();
let backing: KeyValueStorage | undefined;

function publish(next: ClientState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getClientState(): ClientState {
  return state;
}

/** Changes are written through to the connected storage, so other tabs and a crash lose nothing. */
export function setClientState(patch: Partial<ClientState>): void {
  publish({ ...state, ...patch });
  if (!backing) return;
  for (const key of Object.keys(patch) as ClientStateKey[]) backing.setItem(key, JSON.stringify(state[key]));
}

export function subscribeClientState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useClientState<K extends ClientStateKey>(key: K): ClientState[K] {
  return useSyncExternalStore(subscribeClientState, () => state[key]);
}

/** Logout and expired sessions forget everything, in memory and in storage at once. */
export function resetClientState(storage: KeyValueStorage): void {
  for (const key of clientStateKeys) storage.removeItem(key);
  publish({ ...initial });
}

/** For the storage binding (client-state.storage.ts) only. */
export const clientStateInternals = {
  initial,
  replace: publish,
  bind(storage: KeyValueStorage | undefined): void {
    backing = storage;
  },
};
