import HeartFilled from '@ant-design/icons/HeartFilled';
import HeartOutlined from '@ant-design/icons/HeartOutlined';
import App from 'antd/es/app';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { getToken } from '../../lib/session';
import { cancelCollect } from './api/cancel-collect';
import { collectProduct } from './api/collect-product';

/** Spec §2 product collect toggle: 收藏成功 / 取消成功. */
export function CollectToggle({ productId, ifCollect, collectId }: { productId: number; ifCollect: 0 | 1; collectId: number }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [state, setState] = useState({ ifCollect, collectId });
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (!getToken()) {
      void message.warning('请先登录');
      navigate('/login');
      return;
    }
    setBusy(true);
    try {
      if (state.ifCollect === 1) {
        await cancelCollect(state.collectId);
        setState({ ifCollect: 0, collectId: 0 });
        void message.success('取消成功');
      } else {
        const { collectId: id } = await collectProduct(productId);
        setState({ ifCollect: 1, collectId: id });
        void message.success('收藏成功');
      }
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : '操作失败');
    } finally {
      setBusy(false);
    }
  };

  const collected = state.ifCollect === 1;
  return (
    <button type="button" className="collect-toggle" data-collected={collected} aria-pressed={collected} disabled={busy} onClick={() => void toggle()}>
      {collected ? <HeartFilled aria-hidden /> : <HeartOutlined aria-hidden />}
      {collected ? '已收藏' : '收藏商品'}
    </button>
  );
}
