import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { productDetailHref, type ProductRef } from '../../lib/catalog-ui/links';
import { formatCountdown } from '../../lib/countdown/countdown.machine';
import { useCountdown } from '../../lib/countdown/use-countdown';
import type { CollageDetail } from './order.model';

interface GroupInfoProps {
  group: CollageDetail;
  /** the order's state: 5 with group state 2 is a failed group (spec §4) */
  orderState: number;
  product: ProductRef | null;
  /** Spec §4: the group countdown reaching zero reloads the page. */
  onCountdownEnd: () => void;
}

/** `status` follows the group live (order detail refetches on `collage:<id>` pushes) while the dialog is open. */
function InviteDialog({ link, status, onClose }: { link: string; status: string; onClose: () => void }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((m) => m.toDataURL(link, { margin: 1, width: 200 }))
      .then((url) => live && setQr(url), () => live && setQr(null));
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <Modal open centered title="邀请好友参团" footer={null} width={360} onCancel={onClose}>
      <div className="group-invite">
        <p className="group-invite__status" data-testid="group-invite-status">{status}</p>
        {qr && <img src={qr} alt="邀请好友参团二维码" className="group-invite__qr" />}
        <p>微信扫一扫，或复制链接发给好友</p>
        <Typography.Paragraph copyable={{ text: link, tooltips: ['复制链接', '已复制'] }} className="group-invite__link">
          {link}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}

/** Spec §2 Order detail group-buy info: state, countdown while forming, member avatars (the leader first). */
export function GroupInfo({ group, orderState, product, onCountdownEnd }: GroupInfoProps) {
  const navigate = useNavigate();
  const [inviting, setInviting] = useState(false);
  const countdown = useCountdown(group.state === 0 ? group.time : 0, onCountdownEnd);
  const failed = group.state === 2 || (orderState === 5 && group.state !== 1);
  const forming = group.state === 0 && !failed;
  const missing = forming ? group.people : 0;
  const link = product ? `${window.location.origin}${productDetailHref(product)}` : '';
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
          {forming && link && (
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
      {inviting && <InviteDialog link={link} status={status} onClose={() => setInviting(false)} />}
    </section>
  );
}
