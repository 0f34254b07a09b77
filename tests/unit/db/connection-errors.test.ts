/**
 * Which errors mean "the database is away" or "busy for now" (→ HTTP 503 服务繁忙，请稍后重试 with Retry-After, not
 * 500: issue 28), and the start-up line for an unreachable database: the server and the reason, never the password.
 */
import Fastify from 'fastify';
import { DomainError } from '../../../domain/shared/errors';
import { installErrorHandling } from '../../../services/api/error-handler';
import { isRetryLater } from '../../../services/api/retry-later';
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
    ['53300 too many connections', pgError('53300', 'sorry, too many clients already')],
    ['a lost connection wrapped as a cause', new Error('append failed', { cause: new Error('Connection terminated unexpectedly') })],
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

describe('isDatabaseBusy: there, but refusing this statement for now', () => {
  it.each([
    ['40001 serialization failure', pgError('40001', 'could not serialize access due to concurrent update')],
    ['40P01 deadlock victim', pgError('40P01', 'deadlock detected')],
    ['55P03 lock not available', pgError('55P03', 'canceling statement due to lock timeout')],
    ['57014 statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
  ])('is true for %s', (_label, error) => {
    expect(isDatabaseBusy(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false); // a start-up does not call these "cannot connect"
  });

  it('is false for a bug or a constraint', () => {
    expect(isDatabaseBusy(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseBusy(new TypeError('x'))).toBe(false);
  });
});

describe('isRetryLater: the answers a retry could get', () => {
  const kafka = (name: string, retriable: boolean) => Object.assign(new Error('broker'), { name, retriable });
  it.each([
    ['the read models behind the session', new DomainError('readModelBehind')],
    ['a conflict that outlasted its retries', new DomainError('concurrency')],
    ['a lost database', pgError('57P01', 'terminating connection due to administrator command')],
    ['a deadlock', pgError('40P01', 'deadlock detected')],
    ['a Kafka broker gone', kafka('KafkaJSConnectionError', true)],
    ['Kafka retries used up', kafka('KafkaJSNumberOfRetriesExceeded', false)],
  ])('is true for %s', (_label, error) => {
    expect(isRetryLater(error)).toBe(true);
  });

  it.each([
    ['a business refusal', new DomainError('orderNotFound')],
    ['a bug', new TypeError('boom')],
    ['a Kafka refusal that a retry does not change', kafka('KafkaJSNonRetriableError', false)],
  ])('is false for %s', (_label, error) => {
    expect(isRetryLater(error)).toBe(false);
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
  const BUSY = { status: 503, retryAfter: '1', body: { code: '503', message: '服务繁忙，请稍后重试', data: null } };
  const answerTo = async (error: unknown) => {
    const app = Fastify();
    installErrorHandling(app);
    app.get('/x', async () => { throw error; });
    const answer = await app.inject({ method: 'GET', url: '/x' });
    await app.close();
    return { status: answer.statusCode, retryAfter: answer.headers['retry-after'], body: answer.json() as unknown };
  };

  it.each([
    ['a lost database', pgError('57P01', 'terminating connection due to administrator command')],
    ['a connection terminated mid-request', new Error('Connection terminated unexpectedly')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    ['too many connections', pgError('53300', 'sorry, too many clients already')],
    ['a serialization failure', pgError('40001', 'could not serialize access due to concurrent update')],
    ['a lock timeout', pgError('55P03', 'canceling statement due to lock timeout')],
    ['the read models behind the session (was HTTP 200 code 503)', new DomainError('readModelBehind')],
    ['a hot stream\'s conflicts outlasting the retries (was HTTP 200 code 409)', new DomainError('concurrency')],
    ['a Kafka broker gone', Object.assign(new Error('Connection error: connect ECONNREFUSED'), { name: 'KafkaJSConnectionError', retriable: true })],
  ])('answers %s with HTTP 503 服务繁忙，请稍后重试 and Retry-After', async (_label, error) => {
    expect(await answerTo(error)).toEqual(BUSY);
  });

  it('answers a business refusal with HTTP 200 and its own code, and a bug with 500', async () => {
    expect(await answerTo(new DomainError('orderNotFound'))).toEqual(
      { status: 200, retryAfter: undefined, body: { code: '400101', message: '订单不存在', data: null } });
    expect(await answerTo(new TypeError('boom'))).toEqual(
      { status: 500, retryAfter: undefined, body: { code: '500', message: '系统错误!', data: null } });
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
