/** The response envelope of every /api call (DESIGN.md §8): `code` is a string, '200' is success. */
export interface Envelope<T> { code: string; message: string; data: T }

export const ok = <T>(data: T, message = '成功'): Envelope<T> => ({ code: '200', message, data });

export const failure = (code: string, message: string, data: unknown = null): Envelope<unknown> => ({ code, message, data });

/** HTTP status → the storefront's message (spec §8). */
export const httpStatusMessages: Record<number, string> = {
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

export interface Page<T> { list: T[]; total: number }
