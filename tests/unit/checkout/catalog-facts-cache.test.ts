/**
 * The checkout's goods facts kept between read-model batches (services/checkout/catalog-facts.ts): a burst of buyers
 * shares one read, a batch of a read model the facts come from makes them read again, and which activity runs is
 * decided at each ask's own time from the kept rows.
 */
import { cachedCatalogFacts } from '../../../services/checkout/catalog-facts';
import type { Queryable } from '../../../services/db/database';
import type { ReadModelChanges } from '../../../services/read-cache/read-model-cache';

const T0 = new Date('2025-03-01T02:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

class FakeReadModels implements Queryable {
  reads: string[] = [];
  available = 10;
  async query(text: unknown) {
    const sql = String(text);
    const table = sql.includes('from skus') ? 'skus' : sql.includes('from promotion_items') ? 'activities' : 'shops';
    this.reads.push(table);
    const rows = table === 'skus'
      ? [{
        sku_id: '7', product_id: '70', shop_id: '1', product_name: '秒杀手机', image: '', sku_values: '黑色', price: '100000',
        original_price: '120000', weight: 200, logistics: null, shelved: true, shop_enabled: true, stock: 100, available: this.available,
      }]
      : table === 'activities'
        ? [{
          kind: 'seckill', activity_id: '5', sku_id: '7', price: '50000', limit_stock: 100, activity_name: '整点秒杀', limit_number: 1,
          person: 0, effective_hours: 0, if_add: 0, sold: 3, start_time: at(10).toISOString(), end_time: at(20).toISOString(),
        }]
        : [{ shop_id: '1', shop_name: '数码旗舰店', shop_logo: '', province: '浙江省', city: '杭州市', enabled: true }];
    return { rows } as never;
  }
}

class Changes implements ReadModelChanges {
  private listeners = new Set<(projection: string | null) => void>();
  onApplied(listener: (projection: string | null) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  applied(projection: string) {
    for (const listener of this.listeners) listener(projection);
  }
}

describe('goods facts kept between read-model batches', () => {
  let db: FakeReadModels;
  let changes: Changes;
  let facts: ReturnType<typeof cachedCatalogFacts>;
  beforeEach(() => {
    db = new FakeReadModels();
    changes = new Changes();
    facts = cachedCatalogFacts(db, changes);
  });
  afterEach(() => facts.close());

  it('answers a burst of asks for one SKU with one read', async () => {
    await Promise.all(Array.from({ length: 50 }, () => facts.skus([7], T0)));
    await Promise.all(Array.from({ length: 50 }, () => facts.shops([1])));
    expect(db.reads.sort()).toEqual(['activities', 'shops', 'skus']);
  });

  it('reads again after a stock batch, and not after a batch of a read model it does not come from', async () => {
    expect((await facts.skus([7], T0)).get(7)?.available).toBe(10);
    db.available = 4;
    changes.applied('comments');
    expect((await facts.skus([7], T0)).get(7)?.available).toBe(10);
    changes.applied('stock');
    expect((await facts.skus([7], T0)).get(7)?.available).toBe(4);
    expect(db.reads.filter((r) => r === 'skus')).toHaveLength(2);
  });

  it('decides which activity runs at each ask’s time from the kept rows', async () => {
    expect((await facts.skus([7], T0)).get(7)?.activity).toBeNull();
    const running = (await facts.skus([7], at(15))).get(7)?.activity;
    expect(running).toMatchObject({ kind: 'seckill', activityId: 5, priceFen: 50000, sold: 3 });
    expect((await facts.skus([7], at(20))).get(7)?.activity).toBeNull();
    expect(db.reads.filter((r) => r === 'activities')).toHaveLength(1);
  });

  it('reads afresh for an ask from before the kept rows were read (a clock that went back)', async () => {
    await facts.skus([7], at(15));
    await facts.skus([7], T0);
    expect(db.reads.filter((r) => r === 'activities')).toHaveLength(2);
  });
});
