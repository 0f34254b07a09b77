import { OrderDetailPage } from '../features/order/order-detail.page';
import { renderPayDialog } from './buy-slots';

/** The order detail gets the payment dialog handed in. */
export function OrderDetailRoute() {
  return <OrderDetailPage renderPayDialog={renderPayDialog} />;
}
