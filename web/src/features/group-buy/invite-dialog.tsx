import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { Link } from 'react-router-dom';
import { useRequest } from '../../lib/use-request';
import { getShare } from './api/group-invite';
import './group-buy.css';

/**
 * Spec §2 Order detail "invite-friends QR": the group's invite page as a QR (the share call) and as a link to copy;
 * a friend who scans or opens it lands on /groupInvite and joins from there. `status` follows the group live (order
 * detail refetches on `collage:<id>` pushes) while the dialog is open.
 */
export function InviteDialog({ collageId, orderId, status, onClose }: { collageId: number; orderId: number; status?: string; onClose: () => void }) {
  const { data, error } = useRequest((signal) => getShare(collageId, orderId, signal), [collageId, orderId]);
  return (
    <Modal open centered title="邀请好友参团" footer={null} width={360} onCancel={onClose}>
      <div className="group-invite" data-testid="invite-dialog">
        {status && <p className="group-invite__status" data-testid="group-invite-status">{status}</p>}
        {!data && !error && <Skeleton.Image active />}
        {error && <p role="alert">{error.message}</p>}
        {data && (
          <>
            <img src={data.qrcode} alt="邀请好友参团二维码" className="group-invite__qr" />
            <p>微信扫一扫，或复制链接发给好友</p>
            <Typography.Paragraph copyable={{ text: data.url, tooltips: ['复制链接', '已复制'] }} className="group-invite__link">
              {data.url}
            </Typography.Paragraph>
            <Link to={`/groupInvite?collageId=${collageId}`} onClick={onClose} className="group-invite__page">
              查看邀请页
            </Link>
          </>
        )}
      </div>
    </Modal>
  );
}
