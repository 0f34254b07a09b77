import UserOutlined from '@ant-design/icons/UserOutlined';
import App from 'antd/es/app';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Price } from '../../lib/catalog-ui/price';
import { parseId, productDetailHref } from '../../lib/catalog-ui/links';
import { CountdownClock } from '../../lib/countdown/countdown-clock';
import { getToken } from '../../lib/session';
import { useRequest } from '../../lib/use-request';
import { groupCheckoutHref } from '../checkout/place-order.query';
import { getInvite, type GroupInvite } from './api/group-invite';
import './group-buy.css';

const statusOf = (invite: GroupInvite): string => {
  if (invite.state === 1) return '拼团成功';
  if (invite.state === 2 || invite.time <= 0) return '拼团已结束';
  return '';
};

/**
 * 邀请好友参团 `/groupInvite?collageId` (spec §2 Order detail invite-friends QR; origin-contract §8 getInvite): the page a
 * friend opens from the shared link or QR — the leader, the product at its group price, who is in, the places left and
 * the time left. 参与拼团 joins through the group-buy checkout (/placeOrder with works type 2). A friend without a
 * token is sent to log in (or register) and comes back here.
 */
export function GroupInvitePage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const collageId = parseId(params.get('collageId'));
  const signedIn = Boolean(getToken());
  useEffect(() => {
    if (signedIn) return;
    void message.warning('请先登录');
    navigate(`/login?type=2&redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }, [signedIn, message, navigate, location.pathname, location.search]);
  const { data, error, reload } = useRequest(
    (signal) => (signedIn && collageId ? getInvite(collageId, signal) : Promise.reject(new Error('no group'))),
    [signedIn, collageId],
  );
  if (!signedIn) return null;
  if (!collageId || error) {
    return (
      <div className="page-width invite-page">
        <Result status="404" title="该拼单不存在" subTitle={collageId ? error?.message : undefined}
          extra={<Button type="primary" onClick={() => navigate('/groupBuy')}>去拼团专区</Button>} />
      </div>
    );
  }
  if (!data) return <div className="page-width invite-page"><Skeleton active avatar paragraph={{ rows: 6 }} /></div>;
  return <InviteCard invite={data} onCountdownEnd={reload} />;
}

function InviteCard({ invite, onCountdownEnd }: { invite: GroupInvite; onCountdownEnd: () => void }) {
  const navigate = useNavigate();
  const product = { productId: invite.productId, skuId: invite.skuId, shopId: invite.shopId };
  const forming = invite.state === 0 && invite.time > 0;
  const missing = forming ? invite.people : 0;
  const join = () => navigate(groupCheckoutHref({
    shopId: invite.shopId, productId: invite.productId, skuId: invite.skuId, number: 1,
    shopGroupWorkId: invite.shopGroupWorkId, type: 2, collageId: invite.collageId,
  }));
  return (
    <div className="page-width invite-page" data-testid="group-invite" data-group-state={invite.state}>
      <section className="invite-card">
        <p className="invite-card__leader">
          <Avatar size={40} src={invite.headImage || undefined} icon={<UserOutlined />} />
          <span>团长邀请你一起拼团</span>
        </p>
        <div className="invite-card__product">
          <img src={invite.image} alt={invite.productName} />
          <div>
            <h1 className="invite-card__name">{invite.productName}</h1>
            <Price value={invite.price} className="invite-card__price" />
            {invite.originalPrice > invite.price && <Price value={invite.originalPrice} strike className="invite-card__original" />}
            <div><span className="invite-card__tag">{invite.person}人团</span></div>
          </div>
        </div>
        <p className="invite-card__status" data-testid="invite-status">
          {forming ? <>还差 <strong>{missing}</strong> 人成团</> : statusOf(invite)}
        </p>
        {forming && (
          <p className="invite-card__countdown">
            <CountdownClock time={invite.time} label="剩余" overText="已结束" onEnd={onCountdownEnd} />
          </p>
        )}
        <ul className="invite-card__members" aria-label="拼团成员">
          {invite.personList.map((member, i) => (
            <li key={`${member.id}-${i}`} className="invite-card__member" data-testid="invite-member">
              <Avatar size={48} src={member.headImage || undefined} icon={<UserOutlined />} />
              {i === 0 && <span className="invite-card__leader-tag">团长</span>}
            </li>
          ))}
          {Array.from({ length: missing }, (_, i) => (
            <li key={`missing-${i}`} className="invite-card__member invite-card__member--missing" aria-label="待加入">?</li>
          ))}
        </ul>
        <div className="invite-card__actions">
          {invite.canJoin && <Button type="primary" size="large" onClick={join}>参与拼团</Button>}
          {forming && !invite.canJoin && invite.orderId === 0 && <Button size="large" disabled>名额已满</Button>}
          {invite.orderId > 0 && (
            <Button size="large" onClick={() => navigate(`/orderDetail?orderId=${invite.orderId}`)}>
              {forming ? '您已参与该拼单，查看订单' : '查看订单'}
            </Button>
          )}
          {!forming && invite.orderId === 0 && (
            <Button type="primary" size="large" onClick={() => navigate(productDetailHref(product))}>我也去开团</Button>
          )}
        </div>
      </section>
    </div>
  );
}
