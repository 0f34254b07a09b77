import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { productDetailHref, type ProductRef } from '../../lib/catalog-ui/links';
import { formatCountdown } from '../../lib/countdown/countdown';
import { useCountdown } from '../../lib/countdown/use-countdown';
import { InviteDialog } from '../group-buy/invite-dialog';
import type { CollageDetail } from './order.model';

interface GroupInfoProps {
  group: CollageDetail;
  /** this order: the share call names the sharer's own order in the group */
  orderId: number;
  /** the order's state: 5 with group state 2 is a failed group (spec §4) */
  orderState: number;
  product: ProductRef | null;
  /** Spec §4: the group countdown reaching zero reloads the page. */
  onCountdownEnd: () => void;
}

/** Spec §2 Order detail group-buy info: state, countdown while forming, member avatars (the leader first). */
export function GroupInfo({ group, orderId, orderState, product, onCountdownEnd }: GroupInfoProps) {
  const navigate = useNavigate();
  const [inviting, setInviting] = useState(false);
  const countdown = useCountdown(group.state === 0 ? group.time : 0, onCountdownEnd);
  const failed = group.state === 2 || (orderState === 5 && group.state !== 1);
  const forming = group.state === 0 && !failed;
  const missing = forming ? group.people : 0;
  const status = failed ? '拼团失败' : forming ? `拼团中，还差 ${missing} 人成团` : '拼团成功';

  return (
    <section className="order-card order-group" data-testid="group-info" data-group-state={failed ? 2 : group.state}>
      <h2 className="order-card__title">
        <TeamOutlined aria-hidden /> 拼团信息
      </h2>
      <div className="order-group__body">
        <p className={`order-group__status order-group__status--${failed ? 'failed' : forming ? 'forming' : 'success'}`}>
          {status}
        </p>
        {forming && (
          <p className="order-group__countdown">
            剩余 <strong>{formatCountdown(countdown.remaining)}</strong> 结束，人数不足将自动退款
          </p>
        )}
        <ul className="order-group__members">
          {group.personList.map((member, i) => (
            <li key={`${member.id}-${i}`} className="order-group__member">
              <Avatar size={48} src={member.headImage || undefined} icon={<UserOutlined />} />
              {i === 0 && <span className="order-group__leader">团长</span>}
            </li>
          ))}
          {Array.from({ length: missing }, (_, i) => (
            <li key={`missing-${i}`} className="order-group__member order-group__member--missing" aria-label="待加入">
              ?
            </li>
          ))}
        </ul>
        <div className="order-group__actions">
          {forming && (
            <Button type="primary" onClick={() => setInviting(true)}>
              邀请好友参团
            </Button>
          )}
          {!forming && product && (
            <Button type="primary" ghost onClick={() => navigate(productDetailHref(product))}>
              再次开团
            </Button>
          )}
        </div>
      </div>
      {inviting && <InviteDialog collageId={group.collageId} orderId={orderId} status={status} onClose={() => setInviting(false)} />}
    </section>
  );
}
