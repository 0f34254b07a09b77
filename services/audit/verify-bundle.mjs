#!/usr/bin/env node
/**
 * The auditor's offline verifier of a Jishi proof bundle (`npm run ops -- audit export …`, services/audit/proof-bundle.ts).
 * Plain Node (18+), no dependencies: copy this one file to any machine.
 *
 *   node verify-bundle.mjs <bundle.json> --public-key <pem file | PEM text | base64 DER> [--json]
 *   node verify-bundle.mjs <bundle.json> --trust-bundle-key [--json]     (the key the bundle names: weaker, said so)
 *
 * What it proves, with the public key the auditor holds (published by the operator: `npm run ops -- audit key`):
 * 1. chain   every event's content hashes to its stored link, each link following the previous one of its stream,
 *            and every stream is whole from revision 0 (a missing revision is named);
 * 2. anchors every anchor is signed by that key over its ledger; every event of the bundle is listed in a signed
 *            ledger at its position with the first digits of the link its content hashes to now — an event edited
 *            after it was anchored (even with its stream relinked) is named with the time it was anchored, an event
 *            a ledger lists but the bundle lacks was deleted, one in signed range that no ledger lists was inserted;
 * 3. machine every lifecycle stream (order, payment, collage, after-sale) follows its machine's transition table;
 * 4. money   each order paid exactly its payable; each payment took exactly what it was created for, which is the
 *            sum of its orders' payables; refunds never exceed what was paid (per order and per payment).
 * Exit 0 only when everything proves out; 1 when something was altered, is illegal or does not reconcile; 2 when the
 * bundle cannot be proven (no key, events not yet under a signed anchor, a format it does not know).
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

const FORMAT = 'jishi-audit-bundle/1';
const LINK_PREFIX = 16;

function parseArgs(argv) {
  const options = { file: null, publicKey: null, trustBundleKey: false, json: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--public-key' && argv[i + 1] !== undefined) options.publicKey = argv[(i += 1)];
    else if (argv[i] === '--trust-bundle-key') options.trustBundleKey = true;
    else if (argv[i] === '--json') options.json = true;
    else if (!options.file && !argv[i].startsWith('--')) options.file = argv[i];
    else return null;
  }
  return options.file ? options : null;
}

function readKey(given) {
  const text = given.includes('BEGIN') ? given : existsSync(given) ? readFileSync(given, 'utf8') : null;
  const key = text !== null ? createPublicKey(text) : createPublicKey({ key: Buffer.from(given, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the public key must be an Ed25519 key');
  return key;
}

const keyIdOf = (key) => createHash('sha256').update(key.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, LINK_PREFIX);

/** `commit/prepare` → comparable pair. */
const pos = (text) => text.split('/').map((part) => BigInt(part));
const before = (a, b) => { const [ac, ap] = pos(a); const [bc, bp] = pos(b); return ac < bc || (ac === bc && ap < bp); };
const atOrBefore = (a, b) => a === b || before(a, b);

const content = (streamId, e) => Buffer.from(`${streamId}\n${e.revision}\n${e.eventId}\n${e.type}\n${e.data}\n${e.metadata}`, 'utf8');
const sha256 = (...parts) => { const h = createHash('sha256'); for (const p of parts) h.update(p); return h.digest('hex'); };

export function verifyBundle(bundle, { publicKey, trustBundleKey }) {
  const problems = [];
  const incomplete = [];
  const notes = [];
  const problem = (kind, detail, at = {}) => problems.push({ kind, detail, ...at });

  if (!bundle || bundle.format !== FORMAT) {
    return { ok: false, proven: false, problems, incomplete: [`not a ${FORMAT} bundle`], notes, summary: {} };
  }

  // 0. the key
  let key = null;
  try {
    if (publicKey) key = readKey(publicKey);
    else if (trustBundleKey && bundle.key) {
      key = readKey(bundle.key.publicKeyPem);
      notes.push('checked with the key the bundle itself names (--trust-bundle-key): compare its id with the one the operator published');
    }
  } catch (error) {
    incomplete.push(`the public key cannot be read: ${error.message}`);
  }
  const keyId = key ? keyIdOf(key) : null;
  if (!key && incomplete.length === 0) incomplete.push('no public key given (--public-key <file>): the anchors cannot be checked');
  if (key && bundle.key && bundle.key.keyId !== keyId) notes.push(`the bundle names key ${bundle.key.keyId}; checking with ${keyId}`);

  // 1. anchors: signatures, then what their ledgers list for the bundle's streams
  const streamIds = new Set(bundle.streams.map((s) => s.streamId));
  const anchored = new Map(); // streamId → revision → { position, prefix, seq, anchoredAt }
  const ranges = []; // [after, through, seq] of each valid anchor
  let signedThrough = null;
  const anchors = [...bundle.anchors, ...(bundle.lastAnchor ? [bundle.lastAnchor] : [])];
  for (const anchor of anchors) {
    let ledger;
    try { ledger = JSON.parse(anchor.ledger); } catch { problem('anchor', `anchor #${anchor.seq}: its ledger is not JSON`); continue; }
    if (key) {
      const signed = verify(null, Buffer.from(anchor.ledger, 'utf8'), key, Buffer.from(anchor.signature, 'base64'));
      if (!signed) { problem('anchor', `anchor #${anchor.seq}: the signature does not verify with key ${keyId} (ledger or signature altered)`); continue; }
      if (ledger.keyId !== keyId) { problem('anchor', `anchor #${anchor.seq}: names key ${ledger.keyId}, not ${keyId}`); continue; }
    } else continue;
    ranges.push([ledger.after, ledger.through, ledger.seq]);
    if (!signedThrough || before(signedThrough, ledger.through)) signedThrough = ledger.through;
    for (const [streamId, events] of ledger.streams) {
      if (!streamIds.has(streamId)) continue;
      const revisions = anchored.get(streamId) ?? new Map();
      anchored.set(streamId, revisions);
      for (const [revision, position, prefix] of events) revisions.set(revision, { position, prefix, seq: ledger.seq, anchoredAt: ledger.anchoredAt });
    }
  }

  // 2. chain and anchors, event by event
  let checkedEvents = 0;
  for (const stream of bundle.streams) {
    let previous = null; // the stored link of the previous revision
    let expected = 0;
    const present = new Set();
    for (const event of stream.events) {
      checkedEvents += 1;
      const at = { streamId: stream.streamId, revision: event.revision, position: event.position };
      present.add(event.revision);
      if (event.revision !== expected) {
        problem('deleted', `${stream.streamId}: revision ${expected}${event.revision - 1 > expected ? `–${event.revision - 1}` : ''} missing before ${event.position}`, at);
      }
      expected = event.revision + 1;
      const fromContent = sha256(previous === null || event.revision === 0 ? Buffer.alloc(0) : Buffer.from(previous, 'hex'), content(stream.streamId, event));
      const chainHolds = event.link === fromContent;
      const listed = anchored.get(stream.streamId)?.get(event.revision);
      if (!chainHolds) {
        const when = listed && listed.prefix === (event.link ?? '').slice(0, LINK_PREFIX)
          ? `after anchor #${listed.seq} signed it at ${listed.anchoredAt}` : `after it was appended at ${event.recordedAt}`;
        problem('edited', `${stream.streamId}#${event.revision} (${event.type}) at ${event.position}: its content does not hash to its stored link — changed ${when}`, at);
      }
      previous = event.link;
      if (listed) {
        if (listed.position !== event.position) {
          problem('moved', `${stream.streamId}#${event.revision}: anchored at ${listed.position} (anchor #${listed.seq}, ${listed.anchoredAt}), now at ${event.position}`, at);
        } else if (chainHolds && listed.prefix !== fromContent.slice(0, LINK_PREFIX)) {
          problem('edited', `${stream.streamId}#${event.revision} (${event.type}) at ${event.position}: differs from what anchor #${listed.seq} signed at ${listed.anchoredAt} (its stream relinked) — altered after ${listed.anchoredAt}`, at);
        }
      } else if (!key) {
        // no anchor can be checked: reported once as incomplete
      } else if (signedThrough && atOrBefore(event.position, signedThrough)) {
        const covering = ranges.find(([after, through]) => (after === null || before(after, event.position)) && atOrBefore(event.position, through));
        if (covering) problem('inserted', `${stream.streamId}#${event.revision} (${event.type}) at ${event.position}: anchor #${covering[2]} covers that position and does not list it — inserted after anchoring`, at);
        else incomplete.push(`${stream.streamId}#${event.revision} at ${event.position}: the anchor covering it is not in the bundle`);
      } else {
        incomplete.push(`${stream.streamId}#${event.revision} at ${event.position}: after the last signed anchor${signedThrough ? ` (${signedThrough})` : ''} — export again once the server has anchored it`);
      }
    }
    for (const [revision, listed] of anchored.get(stream.streamId) ?? []) {
      if (!present.has(revision)) {
        problem('deleted', `${stream.streamId}#${revision}: anchor #${listed.seq} signed it at ${listed.position} (${listed.anchoredAt}); the bundle does not hold it — deleted after ${listed.anchoredAt}`,
          { streamId: stream.streamId, revision, position: listed.position });
      }
    }
  }

  // 3. every lifecycle stream follows its machine
  const machines = new Map(bundle.machines.map((m) => [m.name, m]));
  for (const stream of bundle.streams) {
    const machine = [...machines.values()].find((m) => stream.streamId.startsWith(`${m.name}-`));
    if (!machine) continue;
    const handled = new Set(machine.types);
    let states = new Set([machine.initial]);
    for (const event of stream.events) {
      if (!handled.has(event.type)) continue;
      const next = new Set([...states].flatMap((state) => machine.transitions[state]?.[event.type] ?? []));
      if (next.size === 0) {
        problem('transition', `${stream.streamId}#${event.revision}: ${event.type} is not a transition of ${machine.name} from ${[...states].join(' | ')}`,
          { streamId: stream.streamId, revision: event.revision, position: event.position });
        break;
      }
      states = next;
    }
  }

  // 4. money
  const money = reconcile(bundle, problem, incomplete);

  const summary = {
    orders: bundle.orderIds.length, streams: bundle.streams.length, events: checkedEvents,
    anchors: ranges.length, keyId, signedThrough, machines: bundle.machines.map((m) => `${m.name}@${m.version.slice(0, 12)}`), money,
  };
  return { ok: problems.length === 0, proven: problems.length === 0 && incomplete.length === 0, problems, incomplete, notes, summary };
}

/**
 * The schema versions whose amount fields this verifier reads (services/event-store/upcasting/event-versions.ts): a
 * version that renamed or re-meant one of them needs this table and `reconcile` to learn it; any other version is
 * named as not checkable. OrderPlaced v2 added optional line fields (activity, reduction): `price` is unchanged.
 */
const AMOUNT_VERSIONS = { OrderPlaced: [1, 2] };

/** Amounts of the event shapes listed above (else version 1); an event of another version is named as not checkable. */
function reconcile(bundle, problem, incomplete) {
  const parse = (event) => {
    const metadata = JSON.parse(event.metadata);
    const version = metadata.schemaVersion ?? 1;
    if (!(AMOUNT_VERSIONS[event.type] ?? [1]).includes(version)) {
      incomplete.push(`${event.type} v${version}: this verifier does not know the amounts of that version`);
      return null;
    }
    return JSON.parse(event.data);
  };
  const orders = new Map(); // orderId → { price, paid, refunded, streamId }
  const payments = [];
  for (const stream of bundle.streams) {
    const orderMatch = /^order-(\d+)$/.exec(stream.streamId);
    if (orderMatch) {
      const order = { price: null, paid: null, refunded: 0, streamId: stream.streamId };
      for (const event of stream.events) {
        const data = ['OrderPlaced', 'OrderPaid', 'OrderCancelled', 'AfterSaleClosed'].includes(event.type) ? parse(event) : null;
        if (!data) continue;
        if (event.type === 'OrderPlaced') order.price = data.price;
        if (event.type === 'OrderPaid') order.paid = data.amount;
        if (event.type === 'OrderCancelled') order.refunded += data.refundAmount;
        if (event.type === 'AfterSaleClosed' && data.outcome === 'refunded') order.refunded += data.refundAmount;
      }
      orders.set(Number(orderMatch[1]), order);
    }
    if (stream.streamId.startsWith('payment-')) {
      const payment = { streamId: stream.streamId, created: null, orderIds: [], succeeded: null, requested: new Map(), refunded: 0 };
      for (const event of stream.events) {
        const data = ['PaymentCreated', 'PaymentSucceeded', 'RefundRequested', 'PaymentRefunded'].includes(event.type) ? parse(event) : null;
        if (!data) continue;
        if (event.type === 'PaymentCreated') { payment.created = data.amount; payment.orderIds = data.orderIds; }
        if (event.type === 'PaymentSucceeded') payment.succeeded = data.amount;
        if (event.type === 'RefundRequested') payment.requested.set(data.refundId, data.amount);
        if (event.type === 'PaymentRefunded') payment.refunded += payment.requested.get(data.refundId) ?? 0;
      }
      payments.push(payment);
    }
  }
  let paidFen = 0;
  let refundedFen = 0;
  for (const [orderId, order] of orders) {
    if (order.price === null) continue;
    if (order.paid !== null) {
      paidFen += order.paid;
      if (order.paid !== order.price) problem('money', `order ${orderId}: paid ${order.paid} fen, its payable is ${order.price} fen`, { streamId: order.streamId });
    }
    refundedFen += order.refunded;
    if (order.refunded > (order.paid ?? 0)) problem('money', `order ${orderId}: refunded ${order.refunded} fen of ${order.paid ?? 0} fen paid`, { streamId: order.streamId });
  }
  for (const payment of payments) {
    if (payment.created === null) continue;
    if (payment.succeeded !== null && payment.succeeded !== payment.created) {
      problem('money', `${payment.streamId}: took ${payment.succeeded} fen, was created for ${payment.created} fen`, { streamId: payment.streamId });
    }
    const placed = payment.orderIds.map((id) => orders.get(id)?.price ?? null);
    if (placed.every((price) => price !== null)) {
      const total = placed.reduce((a, b) => a + b, 0);
      if (total !== payment.created) problem('money', `${payment.streamId}: created for ${payment.created} fen, its orders ${payment.orderIds.join(', ')} payable ${total} fen`, { streamId: payment.streamId });
    } else incomplete.push(`${payment.streamId}: not every order it paid is in the bundle`);
    if (payment.refunded > (payment.succeeded ?? 0)) problem('money', `${payment.streamId}: refunded ${payment.refunded} fen of ${payment.succeeded ?? 0} fen taken`, { streamId: payment.streamId });
  }
  return { paidFen, refundedFen, payments: payments.length };
}

function format(result) {
  const lines = [];
  for (const p of result.problems) lines.push(`✗ ${p.kind.padEnd(10)} ${p.detail}`);
  for (const i of result.incomplete) lines.push(`? ${i}`);
  for (const n of result.notes) lines.push(`  note: ${n}`);
  const s = result.summary;
  if (s.events !== undefined) {
    lines.push(`  ${s.orders} order(s), ${s.streams} stream(s), ${s.events} event(s); ${s.anchors} signed anchor(s) with key ${s.keyId ?? '—'}`
      + `${s.signedThrough ? ` through ${s.signedThrough}` : ''}; machines ${s.machines.join(', ')}`);
    lines.push(`  money: paid ${(s.money.paidFen / 100).toFixed(2)} 元, refunded ${(s.money.refundedFen / 100).toFixed(2)} 元 over ${s.money.payments} payment(s)`);
  }
  lines.push(result.proven ? '✓ the bundle proves out: chain, signed anchors, transitions and money'
    : result.ok ? '? nothing altered was found, but the bundle is not proven (see ?)'
      : `✗ ${result.problems.length} problem(s): the history was altered, breaks its machine, or does not reconcile`);
  return lines.join('\n');
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const options = parseArgs(process.argv.slice(2));
  if (!options) {
    console.error('usage: node verify-bundle.mjs <bundle.json> (--public-key <file|PEM|base64 DER> | --trust-bundle-key) [--json]');
    process.exit(2);
  }
  let bundle;
  try {
    bundle = JSON.parse(readFileSync(options.file, 'utf8'));
  } catch (error) {
    console.error(`cannot read ${options.file}: ${error.message}`);
    process.exit(2);
  }
  const result = verifyBundle(bundle, options);
  console.log(options.json ? JSON.stringify(result, null, 2) : format(result));
  process.exit(result.proven ? 0 : result.ok ? 2 : 1);
}
