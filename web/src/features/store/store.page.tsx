import Tabs from 'antd/es/tabs';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseId } from '../../lib/catalog-ui/links';
import { ListingEmpty } from '../../lib/catalog-ui/listing-states';
import { useRequest } from '../../lib/use-request';
import { getShopClassify } from './api/get-shop-classify';
import { getShopIndex } from './api/get-shop-index';
import { ShopProductsTab } from './shop-products';
import './store.css';

const HOME_TAB = 'home';
const ALL_TAB = 'all';

interface StorePageProps {
  /** The shop's own page layout (店铺首页), composed by the app; `fallback` shows when the shop has none. */
  renderHome: (shopId: number, fallback: ReactNode) => ReactNode;
}

/** `/store?shopId`: logo and name, tabs 店铺首页 / 所有商品 / one per shop category (spec §2). */
export function StorePage({ renderHome }: StorePageProps) {
  const [params] = useSearchParams();
  const shopId = parseId(params.get('shopId'));
  if (!shopId) {
    return (
      <div className="page-width store-page">
        <ListingEmpty text="店铺不存在" />
      </div>
    );
  }
  return <Store key={shopId} shopId={shopId} renderHome={renderHome} />;
}

function Store({ shopId, renderHome }: { shopId: number } & StorePageProps) {
  const [tab, setTab] = useState(HOME_TAB);
  const shop = useRequest((signal) => getShopIndex(shopId, signal), [shopId]);
  const classifies = useRequest((signal) => getShopClassify(shopId, signal), [shopId]);

  const items = [
    { key: HOME_TAB, label: '店铺首页' },
    { key: ALL_TAB, label: '所有商品' },
    ...(classifies.data ?? []).map((c) => ({ key: `c-${c.classifyId}`, label: c.classifyName })),
  ];
  const classifyId = tab.startsWith('c-') ? Number(tab.slice(2)) : undefined;

  return (
    <div className="store-page">
      <div className="store-page__bar">
        <div className="page-width store-page__bar-inner">
          {shop.data && (
            <div className="store-page__identity">
              <img className="store-page__logo" src={shop.data.shopLogo} alt="" decoding="async" />
              <span className="store-page__name">{shop.data.shopName}</span>
            </div>
          )}
          {shop.error && <span className="store-page__name">{shop.error.message}</span>}
          <Tabs className="store-page__tabs" activeKey={tab} onChange={setTab} items={items} />
        </div>
      </div>
      {tab === HOME_TAB ? (
        renderHome(shopId, <div className="page-width"><ShopProductsTab shopId={shopId} /></div>)
      ) : (
        <div className="page-width">
          <ShopProductsTab key={tab} shopId={shopId} classifyId={classifyId} />
        </div>
      )}
    </div>
  );
}
