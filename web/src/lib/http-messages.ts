/** Spec §8: what the shopper reads when the HTTP call itself fails. */
export const httpStatusMessages: Readonly<Record<number, string>> = {
  400: '请求无效，请检查参数是否正确!',
  401: '未经授权，访问被拒!',
  403: '拒绝访问!',
  404: '地址不存在!',
  408: '请求超时!',
  500: '系统错误!',
  501: '该方法未实现!',
  502: '网管出错!',
  503: '服务不可用!',
  504: '网关请求超时',
  505: 'HTTP版本不受支持',
};

export const TIMEOUT_MESSAGE = httpStatusMessages[408];
/**
 * HTTP 503 is the server's "not now, ask again" (busy, or the database away for a moment: issue 28), whatever the
 * spec's table says of 503: the shopper is told to retry, and a retried write keeps its Idempotency-Key.
 */
export const BUSY_MESSAGE = '服务繁忙，请稍后重试';
/** Spec §2 search page network-failure wording, used for every call that never reached the server. */
export const NETWORK_MESSAGE = '哎呀，网络开小差了～';

export function httpStatusMessage(status: number): string {
  if (status === 503) return BUSY_MESSAGE;
  return httpStatusMessages[status] ?? `连接出错(${status})!`;
}
