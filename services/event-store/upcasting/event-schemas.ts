/**
 * Every domain event type's data schema, gathered from domain/**\/*.events.ts: what the schema snapshot test
 * (tests/unit/events) compares against its committed JSON Schemas, so a changed shape without a version bump fails.
 * A new event type must be added here (the golden log test lists recorded types missing from this catalogue).
 */
import type { z } from 'zod';
import { AddressBookEvents } from '../../../domain/address/address-book.events';
import { AfterSaleEvent } from '../../../domain/after-sale/after-sale.events';
import { CartEvents } from '../../../domain/cart/cart.events';
import { CatalogEvents } from '../../../domain/catalog/catalog.events';
import { CheckoutEvent } from '../../../domain/checkout/checkout.events';
import { CouponUseEvent } from '../../../domain/checkout/coupon-use.events';
import { UnpaidHoldingsEvent } from '../../../domain/checkout/unpaid-holdings.events';
import { CollectEvent } from '../../../domain/collect/collect.events';
import { FootprintEvents } from '../../../domain/footprint/footprint.events';
import { CollageEvent } from '../../../domain/group-buy/collage.events';
import {
  USER_PHONE_CHANGED, USER_PROFILE_UPDATED, USER_REGISTERED, UserPhoneChanged, UserProfileUpdated, UserRegistered,
} from '../../../domain/identity/user.events';
import { NOTICES_READ, NOTICES_REMOVED, NoticesRead, NoticesRemoved } from '../../../domain/notice/notice-inbox.events';
import { NOTICE_PUBLISHED, NoticePublished } from '../../../domain/notice/notice.events';
import { OrderEvent } from '../../../domain/order/order.events';
import { PaymentEvent } from '../../../domain/payment/payment.events';
import { QaEvents } from '../../../domain/qa/qa.events';
import { REVIEW_APPENDED, REVIEW_LIKED, REVIEW_UNLIKED, ReviewAppended, ReviewLiked, ReviewUnliked } from '../../../domain/review/review.events';
import { ActivityQuotaEvent } from '../../../domain/stock/activity-quota.events';
import { StockEvent } from '../../../domain/stock/stock.events';

/** A union of `{ type: literal, data }` objects: each option's data schema under its type. */
interface EventUnion {
  options: ReadonlyArray<{ shape: { type: { value: string }; data: z.ZodType } }>;
}
const dataOf = (union: EventUnion): Record<string, z.ZodType> =>
  Object.fromEntries(union.options.map((option) => [option.shape.type.value, option.shape.data]));

export const eventDataSchemas: Readonly<Record<string, z.ZodType>> = {
  ...dataOf(OrderEvent), ...dataOf(PaymentEvent), ...dataOf(CheckoutEvent), ...dataOf(CouponUseEvent),
  ...dataOf(AfterSaleEvent), ...dataOf(CollageEvent), ...dataOf(CollectEvent), ...dataOf(StockEvent),
  ...dataOf(ActivityQuotaEvent), ...dataOf(UnpaidHoldingsEvent),
  ...AddressBookEvents, ...CartEvents, ...CatalogEvents, ...FootprintEvents, ...QaEvents,
  [USER_REGISTERED]: UserRegistered, [USER_PROFILE_UPDATED]: UserProfileUpdated, [USER_PHONE_CHANGED]: UserPhoneChanged,
  [REVIEW_APPENDED]: ReviewAppended, [REVIEW_LIKED]: ReviewLiked, [REVIEW_UNLIKED]: ReviewUnliked,
  [NOTICES_READ]: NoticesRead, [NOTICES_REMOVED]: NoticesRemoved, [NOTICE_PUBLISHED]: NoticePublished,
};
