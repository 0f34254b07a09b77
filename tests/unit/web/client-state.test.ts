import { clientStateKeys, getClientState, setClientState, type KeyValueStorage } from '../../../web/src/lib/client-state';
import { connectClientState, restoreClientState } from '../../../web/src/lib/client-state.storage';

const memoryStorage = (): KeyValueStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

function fakeWindow() {
  const handlers = new Map<string, Array<(event: Event) => void>>();
  return {
    addEventListener: (type: string, handler: (event: Event) => void) =>
      handlers.set(type, [...(handlers.get(type) ?? []), handler]),
    fire: (type: string, event: object = {}) => handlers.get(type)?.forEach((h) => h(event as Event)),
  };
}

describe('given the spec’s client-state keys', () => {
  it('are exactly searchObj, newAddress, areaCode, userInfo, currentPro, shoppingCart, cartNumber, noticeId, collectData', () => {
    expect([...clientStateKeys].sort()).toEqual(
      ['searchObj', 'newAddress', 'areaCode', 'userInfo', 'currentPro', 'shoppingCart', 'cartNumber', 'noticeId', 'collectData'].sort(),
    );
  });
});

describe('given stored client state from an earlier visit', () => {
  it('restores well-formed entries and drops malformed ones', () => {
    const storage = memoryStorage();
    storage.setItem('userInfo', '{"name":"MJ1","phone":"13800138000"}');
    storage.setItem('cartNumber', '"three"');
    storage.setItem('searchObj', '{not json');
    storage.setItem('noticeId', '7');

    restoreClientState(storage);

    const state = getClientState();
    expect(state.userInfo).toEqual({ name: 'MJ1', phone: '13800138000' });
    expect([state.cartNumber, state.searchObj, state.noticeId]).toEqual([0, null, 7]);
    expect([storage.items.has('cartNumber'), storage.items.has('searchObj')]).toEqual([false, false]);
  });
});

describe('given client state connected to storage', () => {
  it('writes changes through at once and saves every key on page unload', () => {
    const storage = memoryStorage();
    const win = fakeWindow();
    connectClientState(win, storage);

    setClientState({ cartNumber: 4 });
    expect(storage.items.get('cartNumber')).toBe('4');

    storage.items.clear();
    win.fire('pagehide');
    expect([...storage.items.keys()].sort()).toEqual([...clientStateKeys].sort());
  });

  it('adopts what another tab stored, so closing this tab cannot undo that tab’s login', () => {
    const storage = memoryStorage();
    const win = fakeWindow();
    connectClientState(win, storage);
    storage.setItem('userInfo', '{"name":"MJ2","phone":"13900139000"}');

    win.fire('storage', { key: 'userInfo', storageArea: storage });
    win.fire('pagehide');

    expect(getClientState().userInfo?.name).toBe('MJ2');
    expect(JSON.parse(storage.items.get('userInfo') ?? 'null')).toMatchObject({ name: 'MJ2' });
  });
});
