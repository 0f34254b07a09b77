import App from 'antd/es/app';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { afterSaleActionSuccess } from '../../../../domain/after-sale/after-sale.actions';
import { PlatformInterventionForm } from '../../../../domain/rules/after-sale.rule';
import { MAX_IMAGES } from '../../../../domain/rules/images.rule';
import { ApiError } from '../../lib/api-client';
import { httpStatusMessage } from '../../lib/http-messages';
import { ImagePicker } from '../../lib/uploads';
import { requestPlatformIntervention } from './api/after-sale-commands';

interface PlatformInterventionProps {
  afterId: number;
  orderId: number;
  onClose: () => void;
  onDone: () => void;
}

/** 申请平台介入 (spec §4, states 6 and 8): the shopper's reason and up to 5 images (optional, as in origin §6) → 申请平台介入成功. */
export function PlatformInterventionDialog({ afterId, orderId, onClose, onDone }: PlatformInterventionProps) {
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const parsed = PlatformInterventionForm.safeParse({ afterId, orderId, reason, image: images });
    if (!parsed.success) return void message.warning(parsed.error.issues[0].message);
    setBusy(true);
    try {
      await requestPlatformIntervention({ afterId, orderId, reason: parsed.data.reason, image: parsed.data.image.join(',') });
      void message.success(afterSaleActionSuccess.requestPlatformIntervention);
      onDone();
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : httpStatusMessage(500));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      centered
      title="申请平台介入"
      okText="提交"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void send()}
      onCancel={onClose}
    >
      <div className="after-platform" data-testid="platform-dialog">
        <p className="after-platform__hint">平台将在收到申请后介入处理，请说明您的理由</p>
        <Input.TextArea rows={4} maxLength={500} showCount value={reason} onChange={(e) => setReason(e.target.value)} placeholder="请输入介入理由" />
        <div className="after-platform__images">
          <ImagePicker value={images} onChange={setImages} max={MAX_IMAGES} label="介入凭证" disabled={busy} />
        </div>
      </div>
    </Modal>
  );
}
