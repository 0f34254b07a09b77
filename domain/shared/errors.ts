/**
 * The one error catalogue (DESIGN.md §14): a stable code and the Chinese message the spec gives.
 * Business failures answer HTTP 200 with their code; the API's error handler maps DomainError to the envelope.
 * Add entries in the section of your slice; codes are strings, never reused.
 */
export const Errors = {
  // platform / HTTP
  badRequest: { code: '400', message: '请求无效，请检查参数是否正确!' },
  notFound: { code: '404', message: '地址不存在!' },
  system: { code: '500', message: '系统错误!' },
  concurrency: { code: '409', message: '操作过于频繁，请稍后重试' },
  // identity
  tokenInvalid: { code: '20004', message: '登录已失效，请重新登录' },
  loginRequired: { code: '20005', message: '请先登录' },
  // notices
  noticeNotFound: { code: '30001', message: '公告不存在' },
  // --- order / payment / group-buy (domain/order, domain/payment, domain/group-buy) ---
  // --- after-sale / pricing / rules (domain/after-sale, domain/pricing, domain/rules) ---
} as const satisfies Record<string, { code: string; message: string }>;

export type ErrorName = keyof typeof Errors;

export class DomainError extends Error {
  readonly code: string;
  constructor(readonly errorName: ErrorName, message?: string) {
    super(message ?? Errors[errorName].message);
    this.code = Errors[errorName].code;
    this.name = 'DomainError';
  }
}

export const fail = (name: ErrorName, message?: string): never => {
  throw new DomainError(name, message);
};
