import App from 'antd/es/app';
import { useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { getPayUrl } from './api/get-pay-url';

/** Spec §3 Pay info (the QR `url` is the image's address, /api/pay/qr/<paymentId>; `codeUrl` what it encodes). */
export interface PayInfo {
  money: number;
  orderId: number;
  collageId: number;
  url: string;
  codeUrl?: string;
}

export interface PayRequest {
  payInfo: PayInfo;
  type: 2;
  onPaid: (orderId: number) => void;
  onClosed: () => void;
}

/** The WeChat QR dialog, handed in by the app (the payment feature draws it). */
export type RenderPayDialog = (request: PayRequest) => ReactNode;

/**
 * Paying an unpaid order from the detail or the list: a fresh QR from /order/getUrl, then the dialog. `onPaid` runs
 * after 支付成功！ (the screen reloads or moves to the detail).
 */
export function useOrderPayment(render: RenderPayDialog, onPaid: (orderId: number) => void) {
  const { message } = App.useApp();
  const [payInfo, setPayInfo] = useState<PayInfo | null>(null);
  // One QR request at a time: a second click while the first is on its way must not open a second dialog later.
  const asking = useRef(false);
  const pay = async (orderId: number) => {
    if (asking.current) return;
    asking.current = true;
    try {
      setPayInfo(await getPayUrl(orderId));
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : '获取支付二维码失败');
    } finally {
      asking.current = false;
    }
  };
  const dialog = payInfo
    ? render({
        payInfo,
        type: 2,
        onPaid: (orderId) => {
          setPayInfo(null);
          onPaid(orderId);
        },
        onClosed: () => setPayInfo(null),
      })
    : null;
  return { pay, dialog };
}
