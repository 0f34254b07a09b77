/**
 * The signed anchors (chain-anchors.ts) checked against the log as it is now, with the public key only. Each anchor's
 * ledger must carry a signature that verifies, follow the previous one (seq + 1, starting where it ended); inside the
 * range of an anchor that verifies, each stored row is compared with what the anchor holds for it, so every break
 * names its event (stream, revision, position). What follows the last anchor is reported as the unanchored tail,
 * covered only by the chain; the anchored events their anchoring process did not append itself are listed too. The stored links are refolded (never rechained) and compared with each signed digest;
 * a digest that differs where no event was named is reported for the range.
 */
import type { Queryable } from '../../db/database';
import type { ChainProblem } from '../event-store.port';
import {
  FOLD_PAGE, LINKS_AFTER, fold, linkPrefix, parseLedger, positionOf, splitPosition,
  type AnchorLedger, type AnchorVerifier, type LinkRow,
} from './chain-anchors';

/** Tail events listed by position; the rest are counted. */
const TAIL_LISTED = 20;

export interface UnanchoredTail {
  events: number;
  /** the last anchor (null: none yet, the whole log is the tail) */
  afterAnchor: { seq: number; position: string; anchoredAt: string } | null;
  first: string | null;
  last: string | null;
  /** when the oldest tail event was recorded */
  oldestRecordedAt: string | null;
  listed: Array<{ streamId: string; revision: number; position: string; type: string }>;
}

/** Anchored events the anchoring process did not append (another instance, an ops tool, a previous run, or forged). */
export interface UnwitnessedEvents {
  events: number;
  listed: Array<{ streamId: string; revision: number; position: string; type: string; anchor: number }>;
}

export interface AnchorVerification { anchors: number; problems: ChainProblem[]; tail: UnanchoredTail; unwitnessed: UnwitnessedEvents }

interface AnchorRow { seq: string; ledger: string; signature: Buffer }

interface Range {
  ledger: AnchorLedger;
  /** its signature verifies: its content is the key holder's */
  trusted: boolean;
  bound: { tx: bigint; pos: bigint };
}

const boundOf = (position: string) => {
  const { tx, pos } = splitPosition(position);
  return { tx: BigInt(tx), pos: BigInt(pos) };
};

const notAfter = (row: LinkRow, bound: { tx: bigint; pos: bigint }): boolean => {
  const tx = BigInt(row.transaction_id);
  return tx < bound.tx || (tx === bound.tx && BigInt(row.global_position) <= bound.pos);
};

const iso = (time: Date | string): string => (time instanceof Date ? time.toISOString() : new Date(time).toISOString());

/** Each anchor's signature and place in the sequence; the anchors whose ledgers can be read, in order. */
function checkSignatures(rows: AnchorRow[], verifier: AnchorVerifier | null, problems: ChainProblem[]): Range[] {
  const ranges: Range[] = [];
  let previous: AnchorLedger | null = null;
  if (!verifier && rows.length > 0) {
    problems.push({ kind: 'signature', streamId: '', revision: -1, position: '',
      detail: `no public key to check the ${rows.length} anchor signature(s) with (npm run ops -- audit key; --public-key)` });
  }
  for (const row of rows) {
    const ledger = parseLedger(row.ledger);
    if (!ledger) {
      problems.push({ kind: 'anchor', streamId: '', revision: -1, position: '', detail: `anchor #${row.seq}: its ledger is not readable` });
      continue;
    }
    const trusted = verifier !== null && ledger.keyId === verifier.keyId && verifier.verify(row.ledger, row.signature);
    if (verifier && !trusted) {
      problems.push({
        kind: 'signature', streamId: '', revision: -1, position: ledger.through,
        detail: `anchor #${ledger.seq} (the log from ${ledger.after ?? 'its start'} to ${ledger.through}) does not verify with key `
          + `${verifier.keyId}${ledger.keyId !== verifier.keyId ? ` (it names key ${ledger.keyId})` : ''}: written, edited or refolded `
          + 'without the signing key; nothing in its range is vouched for',
      });
    }
    const expectedSeq = (previous?.seq ?? 0) + 1;
    if (ledger.seq !== expectedSeq || ledger.after !== (previous?.through ?? null) || String(ledger.seq) !== row.seq) {
      problems.push({
        kind: 'anchor', streamId: '', revision: -1, position: ledger.through,
        detail: ledger.seq > expectedSeq && String(ledger.seq) === row.seq
          ? `anchor${ledger.seq - expectedSeq > 1 ? 's' : ''} #${expectedSeq}${ledger.seq - expectedSeq > 1 ? `–#${ledger.seq - 1}` : ''} missing `
            + `before anchor #${ledger.seq} (it follows ${ledger.after ?? 'the start'}, the anchor before ends at ${previous?.through ?? 'the start'})`
          : `anchor #${row.seq} is out of sequence (its ledger says #${ledger.seq}, following ${ledger.after ?? 'the start'})`,
      });
    }
    ranges.push({ ledger, trusted, bound: boundOf(ledger.through) });
    previous = ledger;
  }
  return ranges;
}

/** One range's rows against its signed ledger: every row the ledger does not hold as it is now is named. */
class RangeCheck {
  private readonly anchored = new Map<string, { position: string; link: string }>();
  private readonly unwitnessedHere: Set<string>;
  named = 0;

  constructor(
    private readonly range: Range, private readonly problems: ChainProblem[], private readonly reportedEdits: Set<string>,
    private readonly unwitnessed: UnwitnessedEvents,
  ) {
    for (const [streamId, events] of range.ledger.streams) {
      for (const [revision, position, link] of events) this.anchored.set(`${streamId}#${revision}`, { position, link });
    }
    this.unwitnessedHere = new Set(range.ledger.unwitnessed ?? []);
  }

  row(row: LinkRow): void {
    const key = `${row.stream_id}#${row.stream_revision}`;
    const at = { streamId: row.stream_id, revision: Number(row.stream_revision), position: positionOf(row) };
    const seq = this.range.ledger.seq;
    const held = this.anchored.get(key);
    if (!held) {
      this.report({ ...at, kind: 'inserted', detail: `not in anchor #${seq} (the log to ${this.range.ledger.through} as signed): inserted here, or moved in` });
      return;
    }
    this.anchored.delete(key);
    if (this.unwitnessedHere.has(held.position)) {
      this.unwitnessed.events += 1;
      if (this.unwitnessed.listed.length < TAIL_LISTED) this.unwitnessed.listed.push({ ...at, type: row.type, anchor: seq });
    }
    if (held.position !== at.position) {
      this.report({ ...at, kind: 'out-of-place', detail: `anchored at ${held.position} (anchor #${seq}), now at ${at.position}: moved in the log` });
    }
    if (held.link !== linkPrefix(row)) {
      if (this.reportedEdits.has(row.stream_id)) {
        this.named += 1; // relinked over the edit already named: no second line, and no range-wide digest line either
        return;
      }
      this.reportedEdits.add(row.stream_id);
      this.report({ ...at, kind: 'edited',
        detail: `its stored link differs from the one signed in anchor #${seq}: edited, and its stream's chain relinked over it `
          + '(later links of the stream differ too and are not listed again)' });
    }
  }

  /** What the anchor holds that no row matched: deleted (or moved out of the range). */
  finish(): void {
    for (const [key, held] of this.anchored) {
      const cut = key.lastIndexOf('#');
      this.report({
        kind: 'missing', streamId: key.slice(0, cut), revision: Number(key.slice(cut + 1)), position: held.position,
        detail: `${key} was anchored at ${held.position} (anchor #${this.range.ledger.seq}) and is not there now: deleted, or moved out`,
      });
    }
  }

  private report(problem: ChainProblem): void {
    this.named += 1;
    this.problems.push(problem);
  }
}

export async function verifyAnchors(q: Queryable, verifier: AnchorVerifier | null): Promise<AnchorVerification> {
  const { rows: anchorRows } = await q.query<AnchorRow>('select seq::text as seq, ledger, signature from event_chain_anchors order by event_chain_anchors.seq');
  const problems: ChainProblem[] = [];
  const ranges = checkSignatures(anchorRows, verifier, problems);
  const reportedEdits = new Set<string>();
  const unwitnessed: UnwitnessedEvents = { events: 0, listed: [] };

  let after = { tx: '0', pos: '0' };
  let page: LinkRow[] = [];
  let next = 0;
  const peek = async (): Promise<LinkRow | null> => {
    if (next >= page.length) {
      page = (await q.query<LinkRow>(LINKS_AFTER(false), [after.tx, after.pos, FOLD_PAGE])).rows;
      next = 0;
    }
    return page[next] ?? null;
  };
  const take = (row: LinkRow) => {
    after = { tx: row.transaction_id, pos: row.global_position };
    next += 1;
  };

  let digest: Buffer = Buffer.alloc(0);
  let count = 0;
  for (const range of ranges) {
    const check = range.trusted ? new RangeCheck(range, problems, reportedEdits, unwitnessed) : null;
    // the range of anchors removed before this one (already reported as missing anchors): folded, not vouched for
    const start = range.ledger.after ? boundOf(range.ledger.after) : null;
    for (let row = await peek(); start && row && notAfter(row, start); row = await peek()) {
      digest = fold(digest, row);
      count += 1;
      take(row);
    }
    for (let row = await peek(); row && notAfter(row, range.bound); row = await peek()) {
      digest = fold(digest, row);
      count += 1;
      check?.row(row);
      take(row);
    }
    check?.finish();
    if (check && check.named === 0 && (count !== range.ledger.events || digest.toString('hex') !== range.ledger.digest)) {
      problems.push({
        kind: 'anchor', streamId: '', revision: -1, position: range.ledger.through,
        detail: `the log from ${range.ledger.after ?? 'the start'} to ${range.ledger.through} folds to another digest than anchor `
          + `#${range.ledger.seq} signed (${count} events folded, ${range.ledger.events} anchored)`,
      });
    }
    if (range.trusted) {
      digest = Buffer.from(range.ledger.digest, 'hex');
      count = range.ledger.events;
    }
  }

  const lastLedger = ranges.at(-1)?.ledger ?? null;
  const tail: UnanchoredTail = {
    events: 0,
    afterAnchor: lastLedger ? { seq: lastLedger.seq, position: lastLedger.through, anchoredAt: lastLedger.anchoredAt } : null,
    first: null, last: null, oldestRecordedAt: null, listed: [],
  };
  for (let row = await peek(); row; row = await peek()) {
    tail.events += 1;
    tail.first ??= positionOf(row);
    tail.last = positionOf(row);
    const recorded = iso(row.recorded_at);
    if (tail.oldestRecordedAt === null || recorded < tail.oldestRecordedAt) tail.oldestRecordedAt = recorded;
    if (tail.listed.length < TAIL_LISTED) {
      tail.listed.push({ streamId: row.stream_id, revision: Number(row.stream_revision), position: positionOf(row), type: row.type });
    }
    take(row);
  }
  return { anchors: ranges.length, problems, tail, unwitnessed };
}
