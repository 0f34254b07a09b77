/** Every read model the storefront serves from, in one list: the runner, rebuilds and the ops CLI use it. */
import { catalogProjection } from './catalog/catalog.projection';
import { cartProjection } from './cart/cart.projection';
import { addressesProjection } from './addresses/addresses.projection';
import { collectsProjection } from './collects/collects.projection';
import { couponsProjection } from './coupons/coupons.projection';
import { deadlinesProjection } from './deadlines/deadlines.projection';
import { promotionsProjection } from './promotions/promotions.projection';
import { commentsProjection } from './comments/comments.projection';
import { footprintsProjection } from './footprints/footprints.projection';
import { noticesProjection } from './notices/notices.projection';
import { ordersProjection } from './orders/orders.projection';
import { qaProjection } from './qa/qa.projection';
import type { Projection } from './runner/projection';
import { usersProjection } from './users/users.projection';
import { stockProjection } from './stock/stock.projection';
import { checkoutProjection } from './checkout/checkout.projection';
import { afterSalesProjection } from './after-sales/after-sales.projection';

export const allProjections: readonly Projection[] = [noticesProjection, usersProjection, catalogProjection, qaProjection, commentsProjection, footprintsProjection,
  promotionsProjection, couponsProjection, collectsProjection, deadlinesProjection, cartProjection, addressesProjection, ordersProjection,
  stockProjection, checkoutProjection, afterSalesProjection];
