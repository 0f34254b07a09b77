/**
 * Spec §3 Pay info, as /order/submit, /order/pay and /order/getUrl answer it: the amount, the order (the first of a
 * checkout's orders), the group and the QR image (`url`, its address: /api/pay/qr/<paymentId>); `codeUrl` is what the QR encodes.
 */
export interface PayInfo {
  money: number;
  orderId: number;
  collageId: number;
  url: string;
  codeUrl?: string;
}
