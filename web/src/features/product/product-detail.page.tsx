import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ProductDetail } from '../../../../domain/catalog/detail.contract';
import { parseProductRef, storeHref, type ProductRef } from '../../lib/catalog-ui/links';
import { useLiveChannels } from '../../lib/use-live-channels';
import { useRequest } from '../../lib/use-request';
import { getProductDetail } from './api/get-product-detail';
import { CollectToggle } from './collect-toggle';
import { DetailTabs } from './detail-tabs';
import { Gallery } from './gallery';
import { GroupList } from './group-list';
import { PurchasePanel } from './purchase-panel';
import { SimilarProducts } from './similar-products';
import { initialSelection, selectedSku, type Selection } from './sku.model';
import { useBuy } from './use-buy';
import './product.css';

function Missing({ text }: { text: string }) {
  const navigate = useNavigate();
  return (
    <div className="page-width product-missing">
      <Result status="404" title={text} extra={<Button type="primary" onClick={() => navigate('/')}>返回首页</Button>} />
    </div>
  );
}

/** `/productDetail?proData=JSON{productId, skuId, shopId}` (spec §2). */
export function ProductDetailPage() {
  const [params] = useSearchParams();
  const ref = parseProductRef(params.get('proData'));
  if (!ref) return <Missing text="商品不存在" />;
  return <ProductDetailLoader key={`${ref.shopId}-${ref.productId}-${ref.skuId}`} productRef={ref} />;
}

function ProductDetailLoader({ productRef }: { productRef: ProductRef }) {
  const { data, error, reload } = useRequest((signal) => getProductDetail(productRef, signal), [productRef.productId]);
  if (error && !data) return <Missing text={error.message} />;
  if (!data) {
    return (
      <div className="page-width product-page">
        <Skeleton.Image active className="product-page__skeleton-image" />
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  return <ProductDetailView detail={data} skuId={productRef.skuId} reload={reload} />;
}

function ProductDetailView({ detail, skuId, reload }: { detail: ProductDetail; skuId: number; reload: () => void }) {
  const [selection, setSelection] = useState<Selection>(() => initialSelection(detail.names, detail.map, skuId));
  const sku = useMemo(() => selectedSku(detail.names, detail.map, selection), [detail, selection]);
  const buy = useBuy(detail.shopId, detail.productId);
  // stock and 已抢 progress of every SKU, live as shoppers buy (the detail is read again, the selection stays)
  useLiveChannels(Object.values(detail.map).map((option) => `sku:${option.skuId}`), reload);

  return (
    <div className="page-width product-page">
      <nav className="page-crumbs" aria-label="当前位置">
        <Link to="/">首页</Link> <span aria-hidden>/</span> <Link to={storeHref(detail.shopId)}>{detail.shopName}</Link>{' '}
        <span aria-hidden>/</span> <span aria-current="page">{detail.productName}</span>
      </nav>
      <div className="product-page__main">
        <div className="product-page__media">
          <Gallery images={detail.images.length > 0 ? detail.images : [detail.image]} focus={sku?.image} name={detail.productName} />
          <CollectToggle productId={detail.productId} ifCollect={detail.ifCollect} collectId={detail.collectId} />
        </div>
        <PurchasePanel
          detail={detail}
          selection={selection}
          onSelect={setSelection}
          sku={sku}
          onBuy={(quantity, mode) => buy(sku, quantity, mode)}
          onActivityChange={reload}
        />
      </div>
      <GroupList groups={detail.collageOrders} onJoin={(collageId) => buy(sku, 1, { kind: 'join-group', collageId })} />
      <div className="product-page__lower">
        <SimilarProducts products={detail.similarProducts} />
        <div className="product-page__tabs">
          <DetailTabs detail={detail} />
        </div>
      </div>
    </div>
  );
}
