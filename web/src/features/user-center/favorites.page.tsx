import App from 'antd/es/app';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { productDetailHref, storeHref } from '../../lib/catalog-ui/links';
import { Price } from '../../lib/catalog-ui/price';
import { useRequest } from '../../lib/use-request';
import {
  cancelFavourites, FAVOURITES_PAGE_SIZE, getFavouriteProducts, getFavouriteShops, type FavouriteProduct, type FavouriteShop,
} from './api/favourites';
import { EmptyWithHome, Pane } from './pane';
import { useSelection } from './use-selection';

type Kind = 'product' | 'shop';
type Item = FavouriteProduct | FavouriteShop;

/** 我的收藏 (spec §2): products and shops, keyword search, 10 a page, batch cancel in edit mode; off-shelf marked. */
export function FavoritesPage() {
  const { message, modal } = App.useApp();
  const [kind, setKind] = useState<Kind>('product');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const { data, loading, error, reload } = useRequest<{ list: Item[]; total: number }>(
    (signal) => (kind === 'product' ? getFavouriteProducts(page, search, signal) : getFavouriteShops(page, search, signal)),
    [kind, page, search]);
  const selection = useSelection(data?.list.map((item) => item.collectId) ?? []);

  const switchKind = (next: string) => {
    setKind(next === 'shop' ? 'shop' : 'product');
    setPage(1);
    setSearch('');
    selection.setEditMode(false);
  };

  const cancelPicked = () => {
    if (selection.ids.length === 0) {
      void message.warning('请先选择需要取消的收藏');
      return;
    }
    modal.confirm({
      title: '提示', content: `确定取消选中的${selection.ids.length}个收藏吗？`, okText: '确定', cancelText: '取消',
      onOk: async () => {
        try {
          await cancelFavourites(selection.ids);
          void message.success('取消成功');
          selection.clear();
          if (data && selection.ids.length === data.list.length && page > 1) setPage(page - 1);
          else reload();
        } catch (failure) {
          void message.error(failure instanceof ApiError ? failure.message : String(failure));
        }
      },
    });
  };

  const toolbar = (
    <div className="uc-toolbar">
      <Input.Search
        allowClear placeholder={kind === 'product' ? '搜索收藏的商品' : '搜索收藏的店铺'} className="uc-search"
        onSearch={(value) => { setSearch(value.trim()); setPage(1); }} enterButton="搜索"
      />
      <span className="uc-toolbar__grow" />
      {selection.editing ? (
        <>
          <Checkbox checked={selection.allPicked} onChange={selection.toggleAll}>全选</Checkbox>
          <Button danger onClick={cancelPicked}>取消收藏</Button>
          <Button onClick={() => selection.setEditMode(false)}>完成</Button>
        </>
      ) : (
        <Button onClick={() => selection.setEditMode(true)} disabled={!data || data.total === 0}>批量管理</Button>
      )}
    </div>
  );

  return (
    <Pane title="我的收藏">
      <Tabs activeKey={kind} onChange={switchKind} items={[{ key: 'product', label: '商品' }, { key: 'shop', label: '店铺' }]} />
      {toolbar}
      {loading && !data && <Skeleton active />}
      {error && <p role="alert">{error.message}</p>}
      {data && data.total === 0 && <EmptyWithHome text={search ? '没有找到相关收藏' : '您还没有收藏'} />}
      <ul className={kind === 'product' ? 'uc-fav-products' : 'uc-fav-shops'}>
        {data?.list.map((item) => (
          <li key={item.collectId} className="uc-fav" data-testid="favourite">
            {selection.editing && (
              <Checkbox className="uc-fav__pick" checked={selection.picked.has(item.collectId)} onChange={() => selection.toggle(item.collectId)}
                aria-label={`选择${'productName' in item ? item.productName : item.shopName}`} />
            )}
            {'productName' in item ? <ProductEntry product={item} /> : <ShopEntry shop={item} />}
          </li>
        ))}
      </ul>
      {data && data.total > FAVOURITES_PAGE_SIZE && (
        <Pagination className="uc-pager" current={page} pageSize={FAVOURITES_PAGE_SIZE} total={data.total} onChange={setPage} showSizeChanger={false} />
      )}
    </Pane>
  );
}

function ProductEntry({ product }: { product: FavouriteProduct }) {
  const offShelf = product.shelveState === 0;
  const body = (
    <>
      <span className="uc-fav__image">
        <img src={product.image} alt={product.productName} loading="lazy" />
        {offShelf && <span className="uc-fav__off">已下架</span>}
      </span>
      <span className="uc-fav__name" title={product.productName}>{product.productName}</span>
      <Price value={product.price} />
    </>
  );
  return offShelf
    ? <div className="uc-fav__card uc-fav__card--off">{body}</div>
    : <Link className="uc-fav__card" to={productDetailHref(product)}>{body}</Link>;
}

function ShopEntry({ shop }: { shop: FavouriteShop }) {
  return (
    <div className="uc-fav__shop">
      <Link to={storeHref(shop.shopId)} className="uc-fav__shop-head">
        <img src={shop.shopLogo} alt="" className="uc-fav__logo" />
        <strong>{shop.shopName}</strong>
        <span className="uc-fav__person">{shop.person}人收藏</span>
      </Link>
      <div className="uc-fav__samples">
        {shop.productList.map((p) => (
          <Link key={p.productId} to={productDetailHref({ ...p, shopId: shop.shopId })} title={p.productName}>
            <img src={p.image} alt={p.productName} loading="lazy" />
          </Link>
        ))}
      </div>
    </div>
  );
}
