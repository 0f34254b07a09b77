/**
 * The SMS provider port (DESIGN.md §8). The development provider writes codes to the log and to an ops-readable
 * outbox; a real gateway implements the same `sendCode`. A provider that throws has sent nothing.
 */
export interface SmsProvider {
  readonly kind: string;
  sendCode(message: SmsCodeMessage): Promise<void>;
}

export interface SmsCodeMessage {
  phone: string;
  code: string;
  /** Minutes the code stays valid, for the text. */
  validMinutes: number;
  sentAt: Date;
}

/** The original system's template (origin-contract §2). */
export const smsCodeText = ({ code, validMinutes }: Pick<SmsCodeMessage, 'code' | 'validMinutes'>): string =>
  `您好,您的验证码为：${code},请妥善保管,${validMinutes}分钟后失效`;
