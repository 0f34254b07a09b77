import WechatOutlined from '@ant-design/icons/WechatOutlined';
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { formatMoney } from '../../lib/format';
import { payDialogActors } from './pay-dialog.actors';
import { payDialogMachine, type PayTarget } from './pay-dialog.machine';
import type { PayInfo } from './pay-info';
import './payment.css';

export interface PayDialogProps {
  payInfo: PayInfo;
  /** 1 at place order, 2 at order detail and my orders (spec §7 pay check `type`). */
  type: PayTarget['type'];
  /** 1 s after 支付成功！ (the screen refreshes the cart and moves on to the order detail). */
  onPaid: (orderId: number) => void;
  /** The dialog closed without payment: the order stays 待付款 (or the check failed at order detail). */
  onClosed: () => void;
}

/**
 * The WeChat QR dialog (spec §2 Place order / Order detail, §4 Payment): the QR, the amount and the one-hour prompt;
 * push first, the 3 s poll as fallback (pay-dialog.machine). Closing asks 确认取消支付？.
 */
export function PayDialog({ payInfo, type, onPaid, onClosed }: PayDialogProps) {
  const { message } = App.useApp();
  const effects = useRef({ onPaid, onClosed });
  effects.current = { onPaid, onClosed };
  const machine = useMemo(
    () =>
      payDialogMachine.provide({
        actors: payDialogActors,
        actions: {
          announcePaid: () => void message.success('支付成功！'),
          moveOn: ({ context }) => effects.current.onPaid(context.target.orderId),
          announceError: ({ context }) => {
            void message.error(context.error ?? '支付状态查询失败');
            // Spec §4: at the order detail an error also closes the QR dialog.
            if (context.target.type === 2) effects.current.onClosed();
          },
          announceCancelled: () => effects.current.onClosed(),
        },
      }),
    [message],
  );
  const [snapshot, send] = useMachine(machine, {
    input: { orderId: payInfo.orderId, collageId: payInfo.collageId, money: payInfo.money, type },
  });
  const paid = snapshot.matches('paid') || snapshot.matches('done');
  const failed = snapshot.matches('failed');
  const confirming = snapshot.matches({ open: { prompt: 'confirming' } });

  return (
    <>
      <Modal
        open
        centered
        width={460}
        title={
          <span className="pay-dialog__title">
            <WechatOutlined className="pay-dialog__wechat" aria-hidden /> 微信支付
          </span>
        }
        footer={null}
        maskClosable={false}
        keyboard={false}
        onCancel={() => send({ type: 'CLOSE' })}
      >
        <div
          className="pay-dialog"
          data-testid="pay-dialog"
          data-pay-state={paid ? 'paid' : failed ? 'failed' : 'waiting'}
          data-paid-by={snapshot.context.paidBy ?? ''}
        >
          <p className="pay-dialog__amount">
            应付金额 <strong>¥{formatMoney(payInfo.money)}</strong>
          </p>
          <div className="pay-dialog__qr">
            {paid ? (
              <div className="pay-dialog__paid" role="status">
                <CheckCircleFilled aria-hidden /> 支付成功！
              </div>
            ) : (
              <img src={payInfo.url} alt="微信支付二维码" data-code-url={payInfo.codeUrl ?? ''} />
            )}
          </div>
          {failed ? (
            <p className="pay-dialog__error" role="alert">{snapshot.context.error}</p>
          ) : (
            !paid && (
              <p className="pay-dialog__waiting">
                <Spin size="small" /> 请使用微信扫一扫完成支付
              </p>
            )
          )}
          {!paid && <p className="pay-dialog__tip">请在1小时内完成支付，超时订单将自动取消</p>}
          {failed && (
            <Button block onClick={() => send({ type: 'CLOSE' })}>
              关闭
            </Button>
          )}
        </div>
      </Modal>
      <Modal
        open={confirming}
        centered
        width={360}
        title="提示"
        okText="确定"
        cancelText="取消"
        onOk={() => send({ type: 'CONFIRM_CLOSE' })}
        onCancel={() => send({ type: 'KEEP_PAYING' })}
      >
        确认取消支付？
      </Modal>
    </>
  );
}
