/**
 * Which errors mean "the database is away" (→ 503 服务不可用!, not 500), and the start-up line for an unreachable
 * database: the server and the reason, never the password.
 */
import Fastify from 'fastify';
import { installErrorHandling } from '../../../services/api/error-handler';
import { cannotConnectLine, isDatabaseBusy, isDatabaseUnavailable, redactUrl } from '../../../services/db/connection-errors';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['57P01 admin shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['57P03 cannot connect now', pgError('57P03', 'the database system is starting up')],
    ['08006 connection failure', pgError('08006', 'connection failure')],
    ['a refused connection', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a socket that ended', new Error('Connection terminated unexpectedly')],
    ['a broken pooled client', new Error('Client has encountered a connection error and is not queryable')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    ['several refused addresses', new AggregateError([pgError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')])],
  ])('is true for %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', pgError('42601', 'syntax error at or near "selec"')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['not an error', 'nope'],
  ])('is false for %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isDatabaseBusy', () => {
  it.each([
    ['40P01 deadlock detected', pgError('40P01', 'deadlock detected')],
    ['55P03 lock not available', pgError('55P03', 'canceling statement due to lock timeout')],
    ['40001 serialization failure', pgError('40001', 'could not serialize access due to concurrent update')],
    ['a wrapped deadlock', new Error('read failed', { cause: pgError('40P01', 'deadlock detected') })],
  ])('is true for %s', (_label, error) => {
    expect(isDatabaseBusy(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a lost connection', pgError('57P01', 'terminating connection due to administrator command')],
    ['a plain bug', new TypeError('boom')],
  ])('is false for %s', (_label, error) => {
    expect(isDatabaseBusy(error)).toBe(false);
  });
});

describe('the start-up line', () => {
  it('names host, port and database with the reason, and drops the password', () => {
    const url = 'postgres://shop:s3cret@db.internal:6543/jishi';
    expect(redactUrl(url)).toBe('postgres://shop@db.internal:6543/jishi');
    expect(cannotConnectLine(url, pgError('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.5:6543'))).toBe(
      '无法连接数据库 db.internal:6543/jishi: connection refused (DATABASE_URL=postgres://shop@db.internal:6543/jishi)');
    expect(cannotConnectLine(url, pgError('28P01', 'password authentication failed for user "shop"'))).toBe(
      '无法连接数据库 db.internal:6543/jishi: password authentication failed for user "shop" (DATABASE_URL=postgres://shop@db.internal:6543/jishi)');
  });
});

describe('the API error handler', () => {
  it('answers a lost database with HTTP 503 and the envelope, and a bug still with 500', async () => {
    const app = Fastify();
    installErrorHandling(app);
    app.get('/gone', async () => { throw pgError('57P01', 'terminating connection due to administrator command'); });
    app.get('/bug', async () => { throw new TypeError('boom'); });
    const gone = await app.inject({ method: 'GET', url: '/gone' });
    expect({ status: gone.statusCode, body: gone.json() }).toEqual({ status: 503, body: { code: '503', message: '服务不可用!', data: null } });
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect({ status: bug.statusCode, body: bug.json() }).toEqual({ status: 500, body: { code: '500', message: '系统错误!', data: null } });
    await app.close();
  });

  it('answers a reader ended by a deadlock or a lock timeout with 503 服务繁忙，请稍后重试, not 500 (issue 28)', async () => {
    const app = Fastify();
    installErrorHandling(app);
    app.get('/deadlock', async () => { throw pgError('40P01', 'deadlock detected'); });
    app.get('/lock-timeout', async () => { throw pgError('55P03', 'canceling statement due to lock timeout'); });
    for (const url of ['/deadlock', '/lock-timeout']) {
      const busy = await app.inject({ method: 'GET', url });
      expect({ status: busy.statusCode, body: busy.json() }).toEqual({ status: 503, body: { code: '503', message: '服务繁忙，请稍后重试', data: null } });
    }
    await app.close();
  });
});
