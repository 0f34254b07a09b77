/** Spec §2: /login?type=1 registers, anything else (default 2) logs in. */
export type LoginMode = 'login' | 'register';

export const modeOf = (params: URLSearchParams): LoginMode => (params.get('type') === '1' ? 'register' : 'login');

export const typeOf = (mode: LoginMode): 1 | 2 => (mode === 'register' ? 1 : 2);

/** Where to go after signing in: a same-site path given as `redirect`, else home. */
export function afterLoginPath(params: URLSearchParams): string {
  const redirect = params.get('redirect');
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/login')) return '/';
  return redirect;
}

/** The other mode's address, keeping where to go afterwards. */
export function switchModePath(mode: LoginMode, params: URLSearchParams): string {
  const next = new URLSearchParams({ type: mode === 'register' ? '2' : '1' });
  const redirect = params.get('redirect');
  if (redirect) next.set('redirect', redirect);
  return `/login?${next.toString()}`;
}
