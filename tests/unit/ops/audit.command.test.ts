/** `npm run ops -- audit order <id> [--as-of X] [--json]`: argument parsing and the printed table. */
import { parseAsOf, type OrderAudit } from '../../../services/audit/order-audit';
import { asOfOf, formatAudit, formatLogVerification, parseAuditArgs } from '../../../services/ops/audit.command';

describe('parsing the audit command', () => {
  it('takes an order id with --as-of and --json in any order', () => {
    expect(parseAuditArgs(['order', '42'])).toEqual({ kind: 'audit-order', orderId: 42, asOf: null, json: false });
    expect(parseAuditArgs(['order', '42', '--json', '--as-of', '12/3'])).toEqual({ kind: 'audit-order', orderId: 42, asOf: '12/3', json: true });
  });

  it('refuses anything else', () => {
    for (const args of [[], ['order'], ['order', 'x'], ['payment', '1'], ['order', '1', '--as-of'], ['order', '1', '--all']]) {
      expect(parseAuditArgs(args)).toBeNull();
    }
  });

  it('reads --as-of as a log position or a time, and stops on anything else', () => {
    expect(parseAsOf('12/3')).toEqual({ kind: 'position', position: { commit: 12n, prepare: 3n } });
    expect(parseAsOf('2026-11-22T10:00:00+08:00')).toEqual({ kind: 'time', at: Date.parse('2026-11-22T02:00:00Z') });
    expect(() => asOfOf({ kind: 'audit-order', orderId: 1, asOf: 'soon', json: false })).toThrow(/--as-of soon/);
  });
});

describe('the printed audit', () => {
  const audit: OrderAudit = {
    orderId: 7, asOf: null, streams: ['order-7', 'payment-P1'], state: { code: 2, name: '待发货' }, chainHead: 'ab'.repeat(32),
    chainProblems: [{ kind: 'edited', streamId: 'order-7', revision: 1, position: '11/1', detail: 'stored content differs' }],
    entries: [{
      time: '2026-11-22T02:00:00.000Z', displayTime: '2026-11-22 10:00:00', actor: { kind: 'user', id: '5', label: '买家' },
      lifecycle: 'order', streamId: 'order-7', type: 'OrderPlaced', from: null, to: { code: 1, name: '待付款' },
      summary: '下单', verified: true, position: '10/1', revision: 0, eventId: 'e1', correlationId: null, causationId: null, hash: 'cd'.repeat(32), tampered: null,
    }, {
      time: '2026-11-22T02:01:00.000Z', displayTime: '2026-11-22 10:01:00', actor: { kind: 'system', id: null, label: '系统' },
      lifecycle: 'order', streamId: 'order-7', type: 'OrderPaid', from: { code: 1, name: '待付款' }, to: { code: 2, name: '待发货' },
      summary: '支付成功', verified: false, position: '11/1', revision: 1, eventId: 'e2', correlationId: null, causationId: null, hash: 'ab'.repeat(32), tampered: 'stored content differs',
    }],
  };

  it('shows each transition with its actor, the state reached and the machine check', () => {
    const text = formatAudit(audit, false);
    expect(text).toContain('order 7: 2 events from order-7, payment-P1');
    expect(text).toContain('✓ 2026-11-22 10:00:00  10/1           买家(5)  OrderPlaced  order — → 1 待付款');
    expect(text).toContain('! 2026-11-22 10:01:00  11/1           系统  OrderPaid  order 1 待付款 → 2 待发货');
    expect(text).toContain('! tampered: stored content differs');
    expect(text).toContain('chain check: 1 problem(s): edited at 11/1 (order-7#1)');
    expect(text).toContain('state: 2 待发货');
    expect(text).toContain('machine check: 1 event(s) the machine would not accept (✗)');
    expect(text).toContain(`chain head: ${'ab'.repeat(32)}`);
  });

  it('says the log verifies, or lists each problem with its position', () => {
    const covered = { events: 0, afterAnchor: { seq: 3, position: '12/9', anchoredAt: '2026-11-22T02:05:00.000Z' }, first: null, last: null, oldestRecordedAt: null, listed: [] };
    expect(formatLogVerification({ ok: true, anchors: 3, keyId: '0123456789abcdef', problems: [], tail: covered, unwitnessed: { events: 0, listed: [] } }, false)).toBe([
      '  no unanchored tail: every event is under an anchor, the last #3',
      '✓ the log verifies: 3 signed anchor(s) checked with key 0123456789abcdef, every stored event matches its chain link',
    ].join('\n'));
    const text = formatLogVerification({ ok: false, anchors: 1, keyId: '0123456789abcdef', problems: audit.chainProblems, tail: null, unwitnessed: null }, false);
    expect(text).toContain('✗ edited       11/1             order-7#1  stored content differs');
    expect(text).toContain('✗ 1 problem(s) found (1 anchor(s) checked with key 0123456789abcdef)');
  });

  it('lists the events after the last anchor, covered only by the chain, and the anchored ones the server did not append, by position', () => {
    const tail = {
      events: 1, afterAnchor: { seq: 3, position: '12/9', anchoredAt: '2026-11-22T02:05:00.000Z' }, first: '13/10', last: '13/10',
      oldestRecordedAt: '2026-11-22T02:05:10.000Z', listed: [{ streamId: 'order-7', revision: 2, position: '13/10', type: 'OrderPaid' }],
    };
    const unwitnessed = { events: 1, listed: [{ streamId: 'order-8', revision: 1, position: '12/8', type: 'OrderPaid', anchor: 3 }] };
    const text = formatLogVerification({ ok: true, anchors: 3, keyId: '0123456789abcdef', problems: [], tail, unwitnessed }, false);
    expect(text).toContain('! 1 event(s) after the last anchor (#3 at 12/9, 2026-11-22T02:05:00.000Z) are covered only by the chain: 13/10 … 13/10');
    expect(text).toContain('    13/10            order-7#2  OrderPaid');
    expect(text).toContain('! 1 anchored event(s) were not appended by the server that anchored them');
    expect(text).toContain('    12/8             order-8#1  OrderPaid  (anchor #3)');
  });

  it('parses verify with an auditor\'s public key, and key', () => {
    expect(parseAuditArgs(['verify'])).toEqual({ kind: 'audit-verify', json: false, publicKey: null });
    expect(parseAuditArgs(['verify', '--public-key', 'k.pem', '--json'])).toEqual({ kind: 'audit-verify', json: true, publicKey: 'k.pem' });
    expect(parseAuditArgs(['verify', '--public-key'])).toBeNull();
    expect(parseAuditArgs(['key'])).toEqual({ kind: 'audit-key' });
  });

  it('exports the whole bundle as JSON', () => {
    expect(JSON.parse(formatAudit(audit, true))).toEqual(audit);
  });
});
