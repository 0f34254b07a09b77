import {
  clientStateInternals,
  clientStateKeys,
  getClientState,
  type ClientState,
  type ClientStateKey,
  type KeyValueStorage,
} from './client-state';

const { initial } = clientStateInternals;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Storage is outside our control (other tabs, old builds, hand edits): only well-shaped values come back. */
const accepts: { [K in ClientStateKey]: (value: unknown) => boolean } = {
  searchObj: (v) => v === null || (isRecord(v) && typeof v.keyword === 'string'),
  newAddress: () => true,
  areaCode: (v) => typeof v === 'string',
  userInfo: (v) => v === null || isRecord(v),
  currentPro: () => true,
  shoppingCart: (v) => Array.isArray(v),
  cartNumber: (v) => typeof v === 'number' && Number.isFinite(v),
  noticeId: (v) => v === null || typeof v === 'number',
  collectData: () => true,
};

function readKey<K extends ClientStateKey>(storage: KeyValueStorage, key: K): ClientState[K] {
  const raw = storage.getItem(key);
  if (raw === null) return initial[key];
  try {
    const value: unknown = JSON.parse(raw);
    if (accepts[key](value)) return value as ClientState[K];
  } catch {
    // unreadable entry: falls through to the initial value
  }
  storage.removeItem(key);
  return initial[key];
}

/** Spec §3: restored on start. A missing or malformed entry keeps its initial value. */
export function restoreClientState(storage: KeyValueStorage): void {
  const read = <K extends ClientStateKey>(key: K) => readKey(storage, key);
  clientStateInternals.replace({
    searchObj: read('searchObj'),
    newAddress: read('newAddress'),
    areaCode: read('areaCode'),
    userInfo: read('userInfo'),
    currentPro: read('currentPro'),
    shoppingCart: read('shoppingCart'),
    cartNumber: read('cartNumber'),
    noticeId: read('noticeId'),
    collectData: read('collectData'),
  });
}

export function persistClientState(storage: KeyValueStorage): void {
  const state = getClientState();
  for (const key of clientStateKeys) storage.setItem(key, JSON.stringify(state[key]));
}

type EventTarget = Pick<Window, 'addEventListener'>;

/**
 * Spec §3: restore on start, save on page unload (pagehide also covers pages put in the back-forward
 * cache). Changes are also written at once and other tabs' writes adopted, so closing a stale tab
 * cannot undo a login or logout made in another one.
 */
export function connectClientState(target: EventTarget, storage: KeyValueStorage): void {
  restoreClientState(storage);
  clientStateInternals.bind(storage);
  const save = () => persistClientState(storage);
  target.addEventListener('pagehide', save);
  target.addEventListener('beforeunload', save);
  target.addEventListener('storage', (event: StorageEvent) => {
    if (event.storageArea !== storage) return;
    if (event.key === null || (clientStateKeys as string[]).includes(event.key)) restoreClientState(storage);
  });
}
