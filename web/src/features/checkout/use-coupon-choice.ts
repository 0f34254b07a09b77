import App from 'antd/es/app';
import { useMemo, useState } from 'react';
import type { Settlement as Priced } from '../../../../domain/pricing/settlement';
import { choosePlatform, chooseShop, couponKey, initialPricing, type Choice, type CouponSelection } from './checkout-pricing';
import type { Settlement, SettlementCoupon } from './settlement.model';

interface Chosen {
  /** the settlement these choices were made on */
  for: Settlement;
  selection: CouponSelection;
  priced: Priced;
  platformKey: number | null;
  shopKeys: Record<number, number>;
}

/**
 * The coupon choice of the place-order page (spec §5): a choice the stacking rules or the payable refuse is not taken
 * and its message shows as a warning. A new settlement (another address) starts again from no coupons.
 */
export function useCouponChoice(settlement: Settlement | undefined) {
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<Chosen | null>(null);

  const fresh = useMemo<Chosen | null>(() => {
    if (!settlement) return null;
    const start = initialPricing(settlement);
    return start.ok ? { for: settlement, selection: start.selection, priced: start.priced, platformKey: null, shopKeys: {} } : null;
  }, [settlement]);
  const current = chosen && chosen.for === settlement ? chosen : fresh;

  const take = (choice: Choice, keys: Pick<Chosen, 'platformKey' | 'shopKeys'>) => {
    if (!current) return;
    if (!choice.ok) {
      void message.warning(choice.message);
      return;
    }
    setChosen({ for: current.for, selection: choice.selection, priced: choice.priced, ...keys });
  };

  const pickPlatform = (coupon: SettlementCoupon | null) => {
    if (!current) return;
    take(choosePlatform(current.for, current.selection, coupon), {
      platformKey: coupon ? couponKey(coupon) : null,
      shopKeys: current.shopKeys,
    });
  };

  const pickShop = (shopId: number, coupon: SettlementCoupon | null) => {
    if (!current) return;
    const shopKeys = { ...current.shopKeys };
    if (coupon) shopKeys[shopId] = couponKey(coupon);
    else delete shopKeys[shopId];
    take(chooseShop(current.for, current.selection, shopId, coupon), { platformKey: current.platformKey, shopKeys });
  };

  return {
    priced: current?.priced ?? null,
    platformKey: current?.platformKey ?? null,
    shopKeys: current?.shopKeys ?? {},
    pickPlatform,
    pickShop,
  };
}
