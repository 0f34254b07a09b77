import App from 'antd/es/app';
import Button from 'antd/es/button';
import { useState } from 'react';
import { afterSaleActionSuccess } from '../../../../domain/after-sale/after-sale.actions';
import { ApiError } from '../../lib/api-client';
import { httpStatusMessage } from '../../lib/http-messages';
import { buttonLabels, type AfterSaleButton } from './after-sale.model';
import { withdrawApplication, withdrawReturn } from './api/after-sale-commands';
import { PlatformInterventionDialog } from './platform-intervention-dialog';

interface AfterSaleButtonsProps {
  afterId: number;
  orderId: number;
  buttons: AfterSaleButton[];
  onChanged: () => void;
}

const confirmTexts: Record<Exclude<AfterSaleButton, 'requestPlatformIntervention'>, string> = {
  withdrawApplication: '确定撤销该售后申请吗？撤销后售后将关闭',
  withdrawReturn: '确定撤销退货吗？撤销后售后将关闭',
};

/** The detail screen's buttons: exactly those the domain offers in this state (spec §4 detail actions). */
export function AfterSaleButtons({ afterId, orderId, buttons, onChanged }: AfterSaleButtonsProps) {
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<AfterSaleButton | null>(null);
  const [intervening, setIntervening] = useState(false);
  const ref = { afterId, orderId };

  const withdraw = (button: 'withdrawApplication' | 'withdrawReturn') =>
    modal.confirm({
      title: '提示',
      content: confirmTexts[button],
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        setBusy(button);
        try {
          await (button === 'withdrawApplication' ? withdrawApplication(ref) : withdrawReturn(ref));
          void message.success(afterSaleActionSuccess[button]);
          onChanged();
        } catch (error) {
          void message.error(error instanceof ApiError ? error.message : httpStatusMessage(500));
        } finally {
          setBusy(null);
        }
      },
    });

  if (buttons.length === 0) return null;
  return (
    <div className="after-buttons" data-testid="after-buttons">
      {buttons.map((button) => (
        <Button
          key={button}
          loading={busy === button}
          type={button === 'requestPlatformIntervention' ? 'primary' : 'default'}
          onClick={() => (button === 'requestPlatformIntervention' ? setIntervening(true) : withdraw(button))}
        >
          {buttonLabels[button]}
        </Button>
      ))}
      {intervening && (
        <PlatformInterventionDialog
          afterId={afterId}
          orderId={orderId}
          onClose={() => setIntervening(false)}
          onDone={() => {
            setIntervening(false);
            onChanged();
          }}
        />
      )}
    </div>
  );
}
