/**
 * Fuzzing from the contract (issue 13): every operation of the generated OpenAPI document (/api/openapi.json) and
 * every route the document leaves out (/internal/*, /pay/*: read from the route table, fuzz/table-operations.ts) is
 * driven by fast-check with valid and hostile inputs (fuzz/fuzz-request.ts) — as an anonymous visitor, as a
 * signed-in shopper and, on the /internal routes, with the ops token — against one shared app through fastify.inject.
 * A route of the route table no operation covers fails the run (issue 29: routes added later were left out). No answer is a 5xx, every answer is the envelope,
 * and a refused request appended no event (the event store's head did not move). Seeded: FUZZ_SEED=<n> replays a run;
 * FUZZ_REQUESTS sets the budget (default 10,400). The clock is frozen so no deadline comes due mid-run; events the
 * process managers append on their own (actor 'system', e.g. order notices after an earlier success) are not the
 * refused request's.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { LogPosition } from '../../services/event-store/event-store.port';
import { freshPostgres, type FreshPostgres } from '../support/backends';
import { startTestServer, type TestServer } from '../support/test-server';
import { operationName, operationsOf, type OpenApiDocument, type Operation } from './fuzz/contract-operations';
import { answerProblem, isRefused, type Answer } from './fuzz/answer-checks';
import { requestArbitrary, type FuzzRequest } from './fuzz/fuzz-request';
import { tableOperations, templateOf } from './fuzz/table-operations';
import { routeTableOf } from '../../services/api/route-table';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const BUDGET = Number(process.env.FUZZ_REQUESTS ?? 10_400);
const PHONE = '13912345601';

let server: TestServer;
let fresh: FreshPostgres | null = null;
let app: FastifyInstance;
let operations: Operation[] = [];
let knownIds: number[] = [];
let head: LogPosition | null = null;
let shopper: { userId: number; token: string };
const counts = { requests: 0, fiveHundreds: 0, refused: 0, succeeded: 0 };
const covered = new Set<string>();

interface Identity { name: 'anonymous' | 'signed-in' | 'ops'; token: () => string | null; ops?: boolean }
const identities: Identity[] = [
  { name: 'anonymous', token: () => null },
  { name: 'signed-in', token: () => shopper.token },
  { name: 'ops', token: () => null, ops: true },
];

/**
 * /internal operations the ops identity does not drive with valid input, and why (the other identities still drive
 * them and must be refused): each would change what every later answer of the run is about.
 */
const NOT_DRIVEN_AS_OPS: Record<string, string> = {
  'POST /internal/projections/{name}/rebuild': 'empties and refills a read model while the run reads it',
  'POST /internal/seed/demo': 'replaces the run\'s store with the demo catalogue',
};

/** The operations an identity drives: the ops token only opens /internal. */
const operationsOf_ = (identity: Identity): Operation[] => (identity.ops
  ? operations.filter((op) => op.path.startsWith('/internal/') && !NOT_DRIVEN_AS_OPS[operationName(op)])
  : operations);

/** Positive integers found in an answer: the seeded store's ids, for valid requests to reach real things. */
function harvestIds(value: unknown, into: Set<number>): void {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) into.add(value);
  else if (Array.isArray(value)) value.forEach((v) => harvestIds(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => harvestIds(v, into));
}

async function signIn(): Promise<{ userId: number; token: string }> {
  const asked = await app.inject({ method: 'GET', url: `/api/app/getCode?phone=${PHONE}` });
  if (asked.json().code !== '200') throw new Error(`getCode: ${asked.body}`);
  const sent = await app.inject({ method: 'GET', url: `/internal/sms?phone=${PHONE}`, headers: { 'x-ops-token': server.opsToken } });
  const login = await app.inject({ method: 'POST', url: '/api/app/login', payload: { phone: PHONE, verificationCode: sent.json().data.code, type: 1 } });
  const data = login.json().data as { token: string; buyerUserId: number };
  if (!data?.token) throw new Error(`login: ${login.body}`);
  return { userId: data.buyerUserId, token: data.token };
}

const samePosition = (a: LogPosition | null, b: LogPosition | null) => a?.commit === b?.commit && a?.prepare === b?.prepare;

async function send(op: Operation, identity: Identity, request: FuzzRequest): Promise<void> {
  const headers: Record<string, string> = {};
  const token = identity.token();
  if (token) headers.authorization = token;
  if (identity.ops) headers['x-ops-token'] = server.opsToken;
  if (request.contentType) headers['content-type'] = request.contentType;
  // requests go one at a time: the head after the last request is the head before this one
  const before = head;
  const response = await app.inject({ method: request.method as 'GET', url: request.url, headers, payload: request.payload });
  counts.requests += 1;
  const answer: Answer = { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body: response.body };
  if (answer.status >= 500) counts.fiveHundreds += 1;
  const after = await server.runtime.store.headPosition();
  head = after;
  if (op.path === '/api/app/logout' && token) {
    shopper.token = await server.runtime.sessions.create(shopper.userId, 1, NOW); // signed out by the fuzz: sign in again
    head = await server.runtime.store.headPosition();
  }
  const fail = (problem: string): never => {
    const sent = `${request.mode} ${request.method} ${request.url.slice(0, 200)} ${request.contentType ?? ''} ${request.payload?.slice(0, 200) ?? ''}`;
    throw new Error(`${problem}; answer ${answer.body.slice(0, 200)}; request ${sent}`);
  };
  const problem = answerProblem(op, answer);
  if (problem) fail(problem);
  if (isRefused(answer)) {
    counts.refused += 1;
    if (!samePosition(before, after)) {
      // process managers (order notices, deadlines) append on their own as 'system' after earlier successes
      const appended = (await server.runtime.store.readAll({ after: before, limit: 100 })).filter((e) => e.metadata.actor.kind !== 'system');
      const described = appended.map((e) => `${e.type}@${e.streamId} by ${e.metadata.actor.kind}:${e.metadata.actor.id ?? ''}`).join(', ');
      if (appended.length > 0) fail(`refused with HTTP ${answer.status} yet events were appended (${described})`);
    }
  } else {
    counts.succeeded += 1;
    covered.add(operationName(op));
  }
}

beforeAll(async () => {
  fresh = await freshPostgres('fuzz');
  server = await startTestServer({ web: false, clock: () => NOW, databaseUrl: fresh?.url });
  app = server.app;
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
  operations = [...operationsOf(document), ...tableOperations(routeTableOf(app))];
  shopper = await signIn();
  const ids = new Set<number>();
  for (const op of operations.filter((o) => o.method === 'GET' && !o.path.includes('{'))) {
    const answer = await app.inject({ method: 'GET', url: op.path, headers: { authorization: shopper.token } });
    if (answer.headers['content-type']?.toString().startsWith('application/json')) harvestIds(answer.json(), ids);
  }
  head = await server.runtime.store.headPosition();
  knownIds = [...ids].sort((a, b) => a - b).slice(0, 300);
  console.log(`[fuzz] seed ${SEED} (replay: FUZZ_SEED=${SEED}), ${operations.length} operations, ${knownIds.length} known ids`);
}, 180_000);

afterAll(async () => {
  console.log(`[fuzz] seed ${SEED}: ${counts.requests} requests, ${counts.fiveHundreds} answered 5xx, ${counts.refused} refused, `
    + `${counts.succeeded} succeeded; ${operations.length} operations driven, ${covered.size} answered success at least once`);
  await server?.stop();
  await fresh?.drop();
}, 60_000);

describe('the fuzzed operations', () => {
  it('cover every route of the route table (a websocket and the document itself aside)', () => {
    const driven = new Set(operations.map(operationName));
    const missing = routeTableOf(app)
      .filter((route) => route.url !== '/ws' && route.url !== '/api/openapi.json' && !route.url.startsWith('/api/docs'))
      .flatMap((route) => route.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${templateOf(route.url)}`))
      .filter((name) => !driven.has(name));
    expect(missing).toEqual([]);
    expect(driven).toContain('GET /internal/payments/reconcile');
    expect(driven).toContain('GET /internal/audit/key');
  });
});

describe.each(identities)('fuzzing every operation of /api/openapi.json and the route table as $name', (identity) => {
  it('never answers 5xx, always the envelope, and records nothing for a refused request', async () => {
    expect(operations.length).toBeGreaterThan(50);
    const driven = operationsOf_(identity);
    const runsPerOperation = Math.ceil(BUDGET / identities.reduce((n, i) => n + operationsOf_(i).length, 0));
    const failures: string[] = [];
    for (const [index, op] of driven.entries()) {
      const seed = SEED + index + ({ anonymous: 0, 'signed-in': 100_000, ops: 200_000 } as const)[identity.name];
      try {
        await fc.assert(fc.asyncProperty(requestArbitrary(op, knownIds), (request) => send(op, identity, request)),
          { seed, numRuns: runsPerOperation, endOnFailure: true });
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause;
        const reason = cause instanceof Error ? cause.message : String((error as Error).message).slice(0, 600);
        failures.push(`${operationName(op)} as ${identity.name} (FUZZ_SEED=${SEED}, property seed ${seed}): ${reason}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
