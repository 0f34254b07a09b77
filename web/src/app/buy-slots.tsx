import { AddressDialog } from '../features/address/address-dialog';
import type { AddressDialogRequest } from '../features/checkout/place-order.page';
import { countLines, getCartPreview } from '../features/layout/cart-dropdown.api';
import { PayDialog, type PayDialogProps } from '../features/payment/pay-dialog';
import { setClientState } from '../lib/client-state';

/** Spec §4: after 支付成功！ the cart is refreshed (the checked-out lines left it at submit). */
function refreshCart(): void {
  getCartPreview().then(
    (cart) => setClientState({ cartNumber: countLines(cart) }),
    () => undefined, // the top bar keeps its count; the next push or page load corrects it
  );
}

/** The WeChat QR dialog for checkout, order detail and my orders: the payment feature draws it. */
export function renderPayDialog(request: PayDialogProps) {
  return (
    <PayDialog
      {...request}
      onPaid={(orderId) => {
        refreshCart();
        request.onPaid(orderId);
      }}
    />
  );
}

/** The address feature's dialog, opened by the checkout. */
export function renderAddressDialog(request: AddressDialogRequest) {
  return <AddressDialog open address={request.address} onClose={request.onClose} onSaved={request.onSaved} />;
}
