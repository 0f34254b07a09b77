import { SigningAddressPage } from '../features/user-center/signing-address.page';
import { renderAddressDialog } from './buy-slots';

/** 收货地址 gets the address dialog handed in (features never import each other). */
export function SigningAddressRoute() {
  return <SigningAddressPage renderAddressDialog={renderAddressDialog} />;
}
