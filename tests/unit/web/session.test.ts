import { getClientState, setClientState, type KeyValueStorage } from '../../../web/src/lib/client-state';
import { endSession, getToken, readCookie, saveToken, tokenCookie } from '../../../web/src/lib/session';

const memoryStorage = (): KeyValueStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

describe('given the token cookie', () => {
  const now = new Date('2026-01-10T08:00:00Z');

  it('lasts one day without 七天免登录', () => {
    expect(tokenCookie('abc', false, now)).toBe('token=abc; expires=Sun, 11 Jan 2026 08:00:00 GMT; path=/; SameSite=Lax');
  });

  it('lasts seven days with 七天免登录', () => {
    expect(tokenCookie('abc', true, now)).toContain('expires=Sat, 17 Jan 2026 08:00:00 GMT');
  });

  it('is Secure when the page is served over HTTPS, and saved and expired so (issue 29)', () => {
    expect(tokenCookie('abc', false, now, true)).toBe('token=abc; expires=Sun, 11 Jan 2026 08:00:00 GMT; path=/; SameSite=Lax; Secure');
    const written: string[] = [];
    const jar = { set cookie(value: string) { written.push(value); }, get cookie() { return ''; } };
    const storage = memoryStorage();
    saveToken('abc', false, { jar, storage, secure: true });
    endSession({ jar, storage, secure: true });
    expect(written).toHaveLength(2);
    for (const cookie of written) expect(cookie).toMatch(/; Secure$/);
  });

  it('is read back among other cookies', () => {
    expect(readCookie('theme=dark; token=t%201; lang=zh', 'token')).toBe('t 1');
    expect(readCookie('tokenX=1', 'token')).toBeUndefined();
  });
});

describe('given a logged-in session', () => {
  it('ends by expiring the token cookie and forgetting the client state in memory and storage', () => {
    const jar = { cookie: '' };
    const storage = memoryStorage();
    saveToken('abc', false, { jar, storage });
    expect(getToken({ jar, storage })).toBe('abc');
    storage.setItem('userInfo', '{"name":"MJ1"}');
    setClientState({ userInfo: { name: 'MJ1', phone: '13800138000' }, cartNumber: 2 });

    endSession({ jar, storage });

    expect(jar.cookie).toMatch(/^token=; expires=Thu, 01 Jan 1970/);
    expect(storage.items.has('userInfo')).toBe(false);
    expect([getClientState().userInfo, getClientState().cartNumber]).toEqual([null, 0]);
  });
});
