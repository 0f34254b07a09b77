import { useLocation, useSearchParams } from 'react-router-dom';
import { BrandLogo } from './brand-logo';
import { HeaderProductShop, HeaderShopCollect } from './header-shop';
import { SearchBox } from './search-box';

const positiveId = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;

/** The shop named by the page's query: `shopId` on /store, `proData.shopId` on /productDetail. */
function useHeaderShop(): { variant: 'store' | 'product'; shopId: number } | undefined {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (pathname === '/store') {
    const shopId = positiveId(Number(params.get('shopId')));
    return shopId ? { variant: 'store', shopId } : undefined;
  }
  if (pathname === '/productDetail') {
    try {
      const proData: unknown = JSON.parse(params.get('proData') ?? '');
      const shopId = typeof proData === 'object' && proData !== null && 'shopId' in proData ? positiveId(Number(proData.shopId)) : undefined;
      return shopId ? { variant: 'product', shopId } : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Spec §2 header: logo and search (the layout leaves it out on the home page); the shop on shop and product pages. */
export function SiteHeader() {
  const shop = useHeaderShop();
  return (
    <header className="site-header">
      <div className={`page-width site-header__inner${shop ? ' site-header__inner--with-shop' : ''}`}>
        <BrandLogo />
        <SearchBox />
        {shop?.variant === 'store' && <HeaderShopCollect key={shop.shopId} shopId={shop.shopId} />}
        {shop?.variant === 'product' && <HeaderProductShop key={shop.shopId} shopId={shop.shopId} />}
      </div>
    </header>
  );
}
