import { resetClientState, type KeyValueStorage } from './client-state';

export const TOKEN_COOKIE = 'token';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The part of `document` that holds cookies (a plain object in tests). */
export interface CookieJar {
  cookie: string;
}

export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * Spec §9: the token cookie lasts 1 day, or 7 days with 七天免登录 ticked. `secure` (the page was served over HTTPS,
 * behind a TLS proxy too: the browser's location says https:) marks it Secure, so it never travels over plain HTTP.
 */
export function tokenCookie(token: string, sevenDays: boolean, now: Date, secure = false): string {
  const expires = new Date(now.getTime() + (sevenDays ? 7 : 1) * DAY_MS);
  return `${TOKEN_COOKIE}=${encodeURIComponent(token)}; expires=${expires.toUTCString()}; path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export const expiredTokenCookie = (secure = false): string =>
  `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax${secure ? '; Secure' : ''}`;

export interface SessionPorts {
  jar: CookieJar;
  storage: KeyValueStorage;
  /** The page is served over HTTPS: the cookie is set Secure (default false). */
  secure?: boolean;
}

/** Browser defaults; tests pass their own ports. */
export const browserSession = (): SessionPorts => ({
  jar: document, storage: window.localStorage, secure: window.location.protocol === 'https:',
});

export function getToken(ports: SessionPorts = browserSession()): string | undefined {
  const token = readCookie(ports.jar.cookie, TOKEN_COOKIE);
  return token === '' ? undefined : token;
}

export function saveToken(token: string, sevenDays: boolean, ports: SessionPorts = browserSession()): void {
  ports.jar.cookie = tokenCookie(token, sevenDays, new Date(), ports.secure ?? false);
}

/** Spec §4: logout and codes 20004/20005 clear the token and the client state. */
export function endSession(ports: SessionPorts = browserSession()): void {
  ports.jar.cookie = expiredTokenCookie(ports.secure ?? false);
  resetClientState(ports.storage);
}
