import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import HeartFilled from '@ant-design/icons/HeartFilled';
import HeartOutlined from '@ant-design/icons/HeartOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ShopIndex } from '../../../../domain/catalog/browse.contract';
import { ApiError } from '../../lib/api-client';
import { getToken } from '../../lib/session';
import { useRequest } from '../../lib/use-request';
import { cancelCollect } from './api/cancel-collect';
import { collectShop } from './api/collect-shop';
import { getShopHeader } from './api/get-shop-header';

/** Product page variant (spec §2): shop logo, name, product kinds and sold count; the card opens the shop. */
export function HeaderProductShop({ shopId }: { shopId: number }) {
  const { data } = useRequest((signal) => getShopHeader(shopId, signal), [shopId]);
  if (!data) return <div className="header-shop header-shop--pending" />;
  return (
    <Link to={`/store?shopId=${shopId}`} className="header-shop" data-testid="header-product-shop">
      <img className="header-shop__logo" src={data.shopLogo} alt="" decoding="async" />
      <span className="header-shop__text">
        <strong className="header-shop__name">{data.shopName}</strong>
        <span className="header-shop__stats">
          <span>商品 {data.classifyNumber}</span>
          <span>已售 {data.number}</span>
        </span>
      </span>
      <RightOutlined className="header-shop__go" aria-label="进入店铺" />
    </Link>
  );
}

/** Shop page variant (spec §2, §4): shop name, location, and the collect toggle (收藏成功 / 取消成功). */
export function HeaderShopCollect({ shopId }: { shopId: number }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { data } = useRequest((signal) => getShopHeader(shopId, signal), [shopId]);
  const [shop, setShop] = useState<ShopIndex>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setShop(data), [data]);
  if (!shop) return <div className="header-shop header-shop--pending" />;

  const toggle = async () => {
    if (!getToken()) {
      void message.warning('请先登录');
      navigate('/login');
      return;
    }
    setBusy(true);
    try {
      if (shop.ifCollect === 1) {
        await cancelCollect(shop.collectId);
        setShop({ ...shop, ifCollect: 0, collectId: 0 });
        void message.success('取消成功');
      } else {
        const collected = await collectShop(shop.shopId);
        setShop({ ...shop, ...collected, ifCollect: 1 });
        void message.success('收藏成功');
      }
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : '操作失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="header-shop header-shop--store" data-testid="header-shop">
      <img className="header-shop__logo" src={shop.shopLogo} alt="" decoding="async" />
      <span className="header-shop__text">
        <strong className="header-shop__name">{shop.shopName}</strong>
        <span className="header-shop__stats">
          <span>
            <EnvironmentOutlined aria-hidden /> {shop.shopAdress || '—'}
          </span>
          <span>商品 {shop.classifyNumber}</span>
          <span>已售 {shop.number}</span>
        </span>
      </span>
      <Button
        className="header-shop__collect"
        size="small"
        shape="round"
        type={shop.ifCollect === 1 ? 'default' : 'primary'}
        icon={shop.ifCollect === 1 ? <HeartFilled /> : <HeartOutlined />}
        loading={busy}
        aria-pressed={shop.ifCollect === 1}
        onClick={() => void toggle()}
      >
        {shop.ifCollect === 1 ? '已收藏' : '收藏店铺'}
      </Button>
    </div>
  );
}
