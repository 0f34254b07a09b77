/**
 * Coupons (spec §4 "Coupon claim", §7; origin-contract §8): claim, layout coupon blocks with per-user state
 * (3 claimable / 0 claimed), the shopper's wallet (getCoupons, getCouponList by state), and the products a coupon
 * applies to.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CouponRef } from '../../../domain/coupon/coupon.events';
import { DomainError } from '../../../domain/shared/errors';
import type { Queryable } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import type { WaitFor } from '../../../projections/runner/wait-for';
import { currentUser } from '../auth';
import { ok } from '../envelope';
import { PageQuery } from '../paging';
import { IdList, OptionalId, PositiveId } from '../product/params';
import type { IdAllocator } from './claim-ids';
import { couponProducts, couponsByIds, findCoupon } from './coupon.queries';
import { takeCoupon } from './take-coupon';
import { listWallet } from './wallet.queries';
import { noInput } from '../openapi/route-input';

export interface CouponRouteDeps {
  db: Queryable;
  store: EventStore;
  clock: () => Date;
  waitFor: WaitFor;
  claimIds: IdAllocator;
}

const ONE_COUPON = '请选择要领取的优惠券';

const refOf = (ids: { couponId?: number; shopCouponId?: number }): CouponRef | null => {
  if (ids.couponId && !ids.shopCouponId) return { couponId: ids.couponId, shopCouponId: 0 };
  if (ids.shopCouponId && !ids.couponId) return { couponId: 0, shopCouponId: ids.shopCouponId };
  return null;
};

const TakeCouponBody = z.object({ couponId: OptionalId, shopCouponId: OptionalId })
  .refine((body) => refOf(body) !== null, { message: ONE_COUPON, path: ['couponId'] });

const CouponProductsQuery = PageQuery(12).extend({ activityId: OptionalId, shopCouponId: OptionalId })
  .refine((q) => refOf({ couponId: q.activityId, shopCouponId: q.shopCouponId }) !== null,
    { message: '参数 activityId 或 shopCouponId 无效：请指定一张优惠券', path: ['activityId'] });

const WalletQuery = z.object({
  state: z.enum(['0', '1', '2'], { error: '参数 state 无效：应为 0 未使用、1 已使用或 2 已失效' }).transform(Number),
});

export function registerCouponRoutes(app: FastifyInstance, deps: CouponRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;

  r.post('/coupon/takeCoupon', { schema: { body: TakeCouponBody }, config: { auth: 'required', owns: { none: 'claims a coupon on offer' } } }, async (request) => {
    const userId = currentUser(request);
    const ref = refOf(request.body) as CouponRef;
    const result = await takeCoupon(deps, ref, userId, clock());
    await deps.waitFor(result, { projections: ['coupons'] });
    const coupon = await findCoupon(db, ref, userId);
    if (!coupon) throw new DomainError('couponNotFound');
    return ok(coupon, '领取成功');
  });

  r.get('/canvas/getCoupons', {
    schema: { querystring: z.object({ ids: IdList.optional() }) }, config: { auth: 'optional', owns: { none: 'coupons on offer' } },
  }, async (request) => ok(await couponsByIds(db, { ids: request.query.ids, shopId: null }, request.userId, clock())));

  r.get('/canvas/getShopCoupons', {
    schema: { querystring: z.object({ shopId: PositiveId, ids: IdList.optional() }) }, config: { auth: 'optional', owns: { none: 'coupons on offer' } },
  }, async (request) => ok(await couponsByIds(db, request.query, request.userId, clock())));

  r.get('/coupon/getCoupons', { schema: noInput, config: { auth: 'required' } },
    async (request) => ok(await listWallet(db, currentUser(request), clock(), null)));

  r.get('/coupon/getCouponList', { schema: { querystring: WalletQuery }, config: { auth: 'required' } }, async (request) => {
    const state = request.query.state === 1 ? 1 : request.query.state === 2 ? 2 : 0;
    return ok(await listWallet(db, currentUser(request), clock(), state));
  });

  r.get('/coupon/getCouponProducts', { schema: { querystring: CouponProductsQuery } }, async (request) => {
    const { activityId, shopCouponId, page, pageSize } = request.query;
    const ref = refOf({ couponId: activityId, shopCouponId }) as CouponRef;
    const coupon = await findCoupon(db, ref, null);
    if (!coupon) throw new DomainError('couponNotFound');
    return ok(await couponProducts(db, coupon, page, pageSize));
  });
}
