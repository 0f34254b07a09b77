import { PlaceOrderPage } from '../features/checkout/place-order.page';
import { renderAddressDialog, renderPayDialog } from './buy-slots';

/** The checkout gets the address dialog and the payment dialog handed in (features never import each other). */
export function PlaceOrderRoute() {
  return <PlaceOrderPage renderAddressDialog={renderAddressDialog} renderPayDialog={renderPayDialog} />;
}
