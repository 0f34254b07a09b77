/** Issue 31 §1: an event's schema cannot change without a version bump and an upcaster (see event-schema-snapshot.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import { eventDataSchemas } from '../../../services/event-store/upcasting/event-schemas';
import { currentSchemaVersion } from '../../../services/event-store/upcasting/event-versions';
import { SNAPSHOT_FILE, currentSnapshot, schemaDrift, type SchemaSnapshot } from './event-schema-snapshot';

const today = currentSnapshot();
if (process.env.UPDATE_EVENT_SCHEMAS === '1') writeFileSync(SNAPSHOT_FILE, `${JSON.stringify(today, null, 2)}\n`);
const committed = JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as SchemaSnapshot;

describe('event schema snapshot', () => {
  it('matches every event type\'s schema at its version', () => {
    expect(schemaDrift(committed, today)).toEqual([]);
  });

  it('names the event, the registry and the upcaster when a schema changes without a bump', () => {
    const [type] = Object.keys(committed);
    const edited = { ...today, [type]: { ...today[type], schema: { ...(today[type].schema as object), required: ['renamedField'] } } };
    expect(schemaDrift(committed, edited)).toEqual([
      `event ${type}'s schema changed: bump its version in services/event-store/upcasting/event-versions.ts and add an upcaster from version 1`,
    ]);
  });

  it('accepts a changed schema once its version is bumped and the snapshot regenerated, and asks for that regeneration', () => {
    const [type] = Object.keys(committed);
    const bumped = { ...today, [type]: { version: 2, schema: { changed: true } } };
    expect(schemaDrift(committed, bumped)).toEqual([expect.stringContaining(`event ${type} is now at version 2 (snapshot: 1): regenerate`)]);
    expect(schemaDrift(bumped, bumped)).toEqual([]);
  });

  it('refuses an event type dropped from the catalogue and records a new one', () => {
    const { [Object.keys(committed)[0]]: dropped, ...rest } = today;
    expect(dropped).toBeDefined();
    expect(schemaDrift(committed, rest)).toEqual([expect.stringContaining('left the catalogue')]);
    expect(schemaDrift(rest, today)).toEqual([expect.stringContaining('is new: record its schema')]);
  });

  it('catalogues the event types of every domain', () => {
    expect(Object.keys(eventDataSchemas).length).toBeGreaterThanOrEqual(90);
    for (const type of ['OrderPlaced', 'PaymentSucceeded', 'CheckoutStarted', 'AfterSaleSubmitted', 'CollageSucceeded', 'CouponClaimed',
      'UserRegistered', 'ReviewAppended', 'NoticePublished', 'StockReserved', 'CartLineAdded', 'QuestionAsked']) {
      expect(eventDataSchemas).toHaveProperty(type);
    }
  });

  it('keeps at version 1 the events the bill-day reconciliation reads raw in SQL (recorded-payments.sql.ts)', () => {
    for (const type of ['PaymentSucceeded', 'RefundRequested', 'PaymentRefunded']) expect(currentSchemaVersion(type)).toBe(1);
  });
});
