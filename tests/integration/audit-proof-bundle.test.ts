/**
 * Issue 31 §3, the auditor's offline proof: `ops audit export` writes a bundle of an order's streams as stored, the
 * signed anchors naming them and the machines' transition tables; services/audit/verify-bundle.mjs, run as plain Node
 * in a child process like an auditor on another machine, proves it with the published public key (exit 0), and names
 * what was altered (exit 1): an event edited in the bundle, edited and its stream relinked, dropped; an anchor's
 * ledger rewritten; amounts that do not reconcile; a history out of its machine's order; an event edited in the
 * database after it was anchored. Events not yet under an anchor, or no key, cannot be proven (exit 2).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { anchorChain } from '../../services/event-store/postgres/chain-anchors';
import { exportProofBundle, type BundleStream, type ProofBundle } from '../../services/audit/proof-bundle';
import { parseAuditArgs } from '../../services/ops/audit.command';
import { startTestServer, type TestServer } from '../support/test-server';
import { call, payOrder, placeOrder, shipDirectly } from './orders.support';

const run = promisify(execFile);
const VERIFIER = fileURLToPath(new URL('../../services/audit/verify-bundle.mjs', import.meta.url));
const ORDER = 71001;
const OTHER_ORDER = 71002;

let server: TestServer;
let dir: string;
let keyFile: string;

beforeAll(async () => {
  server = await startTestServer({ web: false });
  dir = mkdtempSync(path.join(tmpdir(), 'jishi-bundle-'));
  keyFile = path.join(dir, 'audit-key.pub.pem');
  writeFileSync(keyFile, server.runtime.anchorKey!.publicKeyPem);
  await placeOrder(server, ORDER, { userId: 5001 });
  await payOrder(server, ORDER);
  await placeOrder(server, OTHER_ORDER, { userId: 5002 });
  await anchorAll();
}, 60_000);
afterAll(async () => server?.stop());

async function anchorAll(): Promise<void> {
  const { eventsDb, anchorKey } = server.runtime;
  while (await anchorChain(eventsDb!, anchorKey!)) { /* a tail longer than one anchor holds */ }
}

const exportOrder = (orderId = ORDER) => exportProofBundle(server.runtime, { kind: 'order', orderId }, new Date());

async function verify(bundle: ProofBundle, args: string[] = ['--public-key', keyFile]): Promise<{ exit: number; output: string }> {
  const file = path.join(dir, `bundle-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(bundle));
  try {
    const { stdout, stderr } = await run(process.execPath, [VERIFIER, file, ...args], { timeout: 30_000 });
    return { exit: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { exit: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const copy = (bundle: ProofBundle): ProofBundle => JSON.parse(JSON.stringify(bundle)) as ProofBundle;
const streamOf = (bundle: ProofBundle, streamId: string): BundleStream => {
  const stream = bundle.streams.find((s) => s.streamId === streamId);
  if (!stream) throw new Error(`${streamId} is not in the bundle`);
  return stream;
};

/** What a forger with the database would do after editing: recompute the stream's links (the rule the bundle states). */
function relink(stream: BundleStream): void {
  let previous = Buffer.alloc(0);
  for (const e of stream.events) {
    const link = createHash('sha256').update(previous)
      .update(Buffer.from(`${stream.streamId}\n${e.revision}\n${e.eventId}\n${e.type}\n${e.data}\n${e.metadata}`, 'utf8')).digest();
    e.link = link.toString('hex');
    previous = link;
  }
}

const setField = (json: string, field: string, value: number): string => JSON.stringify({ ...JSON.parse(json), [field]: value });

describe('a proof bundle of one order', () => {
  it('holds the order, its payment and the anchors naming them, and proves out offline with the published key', async () => {
    const bundle = await exportOrder();
    expect(bundle.orderIds).toEqual([ORDER]);
    expect(bundle.streams.map((s) => s.streamId)).toEqual(expect.arrayContaining([`order-${ORDER}`, `payment-PT${ORDER}`]));
    expect(bundle.streams.map((s) => s.streamId)).not.toContain(`order-${OTHER_ORDER}`);
    expect(bundle.anchors.length).toBeGreaterThan(0);
    expect(bundle.machines.map((m) => m.name).sort()).toEqual(['after-sale', 'collage', 'order', 'payment']);
    const { exit, output } = await verify(bundle);
    expect({ exit, output }).toEqual({ exit: 0, output: expect.stringContaining('✓ the bundle proves out') });
    expect(output).toMatch(/paid 3\d\d\.00 元/);
  });

  it('names an event edited in the bundle', async () => {
    const bundle = copy(await exportOrder());
    const placed = streamOf(bundle, `order-${ORDER}`).events[0];
    placed.data = setField(placed.data, 'price', 1);
    const { exit, output } = await verify(bundle);
    expect(exit).toBe(1);
    expect(output).toMatch(new RegExp(`✗ edited .*order-${ORDER}#0 \\(OrderPlaced\\).*changed after anchor #\\d+ signed it at`));
  });

  it('names an event edited and its stream relinked, by the anchor that signed it before', async () => {
    const bundle = copy(await exportOrder());
    const stream = streamOf(bundle, `order-${ORDER}`);
    stream.events[0].data = setField(stream.events[0].data, 'price', 1);
    relink(stream);
    const { exit, output } = await verify(bundle);
    expect(exit).toBe(1);
    expect(output).toMatch(new RegExp(`order-${ORDER}#0 \\(OrderPlaced\\).*differs from what anchor #\\d+ signed`));
  });

  it('names an event dropped from the bundle', async () => {
    const bundle = copy(await exportOrder());
    streamOf(bundle, `order-${ORDER}`).events.pop();
    const { exit, output } = await verify(bundle);
    expect(exit).toBe(1);
    expect(output).toMatch(new RegExp(`✗ deleted .*order-${ORDER}#1: anchor #\\d+ signed it`));
  });

  it('refuses an anchor whose ledger was rewritten', async () => {
    const bundle = copy(await exportOrder());
    bundle.anchors[0].ledger = bundle.anchors[0].ledger.replace(/"anchoredAt":"[^"]+"/, '"anchoredAt":"2020-01-01T00:00:00.000Z"');
    const { exit, output } = await verify(bundle);
    expect(exit).toBe(1);
    expect(output).toMatch(/signature does not verify/);
  });

  it('cannot prove anything without a key, and says so (exit 2)', async () => {
    const { exit, output } = await verify(await exportOrder(), []);
    expect(exit).toBe(2);
    expect(output).toMatch(/no public key given/);
  });

  it('names amounts that do not reconcile and a history out of its machine\'s order, even where no anchor holds them', async () => {
    const bundle = copy(await exportOrder());
    bundle.anchors = [];
    bundle.lastAnchor = null;
    const order = streamOf(bundle, `order-${ORDER}`);
    const paid = order.events.find((e) => e.type === 'OrderPaid')!;
    paid.data = setField(paid.data, 'amount', 100);
    const placed = order.events[0];
    [order.events[0], order.events[1]] = [{ ...order.events[1], revision: 0 }, { ...placed, revision: 1 }];
    relink(order);
    const { exit, output } = await verify(bundle);
    expect(exit).toBe(1);
    expect(output).toMatch(new RegExp(`✗ money .*order ${ORDER}: paid 100 fen, its payable is \\d+ fen`));
    expect(output).toMatch(new RegExp(`✗ transition .*order-${ORDER}#0: OrderPaid is not a transition of order from notPlaced`));
  });

  it('cannot prove events the server has not anchored yet (exit 2), and proves them once it has', async () => {
    await shipDirectly(server, ORDER);
    const pending = await verify(await exportOrder());
    expect(pending.exit).toBe(2);
    expect(pending.output).toMatch(new RegExp(`order-${ORDER}#2 at \\d+/\\d+: after the last signed anchor`));
    await anchorAll();
    expect((await verify(await exportOrder())).exit).toBe(0);
  });

  it('names an event edited in the database after it was anchored, with when it was anchored', async () => {
    await server.runtime.eventsDb!.query(
      `update events set data = jsonb_set(data, '{price}', '1') where stream_id = $1 and type = 'OrderPlaced'`, [`order-${ORDER}`]);
    const { exit, output } = await verify(await exportOrder());
    expect(exit).toBe(1);
    expect(output).toMatch(new RegExp(`order-${ORDER}#0 \\(OrderPlaced\\).*changed after anchor #\\d+ signed it at \\d{4}-`));
  });
});

describe('a shop\'s bundle and the command line', () => {
  it('selects the shop\'s orders placed in the range', async () => {
    const all = await exportProofBundle(server.runtime, { kind: 'shop', shopId: 9001, from: null, to: null }, new Date());
    expect(all.orderIds).toEqual([ORDER, OTHER_ORDER]);
    const none = await exportProofBundle(server.runtime, { kind: 'shop', shopId: 9001, from: null, to: '2000-01-01T00:00:00.000Z' }, new Date())
      .catch((error: Error) => error.message);
    expect(none).toBe('shop 9001 has no order in that range');
  });

  it('is served to the ops CLI by GET /internal/audit/export while the server holds the store', async () => {
    const answer = await call<ProofBundle>(server, 'GET', `/internal/audit/export?order=${OTHER_ORDER}`, { ops: true });
    expect(answer.body.code).toBe('200');
    expect(answer.body.data.orderIds).toEqual([OTHER_ORDER]);
    expect((await call(server, 'GET', `/internal/audit/export?order=${OTHER_ORDER}&from=2026-01-01`, { ops: true })).body.code).not.toBe('200');
    expect((await call(server, 'GET', '/internal/audit/export?order=987654321', { ops: true })).body.message).toMatch(/never placed/);
  });

  it('parses `audit export` and refuses what it cannot mean', () => {
    expect(parseAuditArgs(['export', 'order', '7', '--out', 'b.json'])).toEqual({ kind: 'audit-export', selection: { kind: 'order', orderId: 7 }, out: 'b.json' });
    expect(parseAuditArgs(['export', 'shop', '9', '--from', '2026-12-01T00:00:00Z', '--out', 'b.json'])).toEqual({
      kind: 'audit-export', selection: { kind: 'shop', shopId: 9, from: '2026-12-01T00:00:00.000Z', to: null }, out: 'b.json',
    });
    expect(parseAuditArgs(['export', 'order', '7'])).toBeNull();
    expect(parseAuditArgs(['export', 'order', '7', '--from', '2026-12-01', '--out', 'b.json'])).toBeNull();
    expect(parseAuditArgs(['export', 'shop', '9', '--to', 'soon', '--out', 'b.json'])).toBeNull();
  });
});
