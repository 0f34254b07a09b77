import { afterLoginPath, modeOf, switchModePath, typeOf } from '../../../web/src/features/login/login-mode';

const params = (query: string) => new URLSearchParams(query);

describe('the login address', () => {
  it.each([['type=1', 'register'], ['type=2', 'login'], ['', 'login'], ['type=x', 'login']])('?%s opens %s', (query, mode) => {
    expect(modeOf(params(query))).toBe(mode);
  });

  it('sends type 1 when registering and 2 when logging in', () => {
    expect(typeOf('register')).toBe(1);
    expect(typeOf('login')).toBe(2);
  });
});

describe('after signing in', () => {
  it.each([
    ['no redirect', '', '/'],
    ['a path on this site', 'redirect=%2FshoppingTrolley%3Fa%3D1', '/shoppingTrolley?a=1'],
    ['another site', 'redirect=https%3A%2F%2Fevil.example', '/'],
    ['a protocol-relative address', 'redirect=%2F%2Fevil.example', '/'],
    ['the login screen itself', 'redirect=%2Flogin%3Ftype%3D1', '/'],
  ])('with %s goes to %s', (_, query, path) => {
    expect(afterLoginPath(params(query))).toBe(path);
  });
});

describe('the switch link', () => {
  it('leads from login to register and keeps the redirect', () => {
    expect(switchModePath('login', params('redirect=%2Fstore'))).toBe('/login?type=1&redirect=%2Fstore');
  });

  it('leads from register to login', () => {
    expect(switchModePath('register', params('type=1'))).toBe('/login?type=2');
  });
});
