import { MyOrdersPage } from '../features/order/my-orders.page';
import { renderPayDialog } from './buy-slots';

/** My orders (user centre) gets the payment dialog handed in. */
export function MyOrderRoute() {
  return <MyOrdersPage renderPayDialog={renderPayDialog} />;
}
