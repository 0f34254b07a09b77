/** Which payment and SMS providers a configuration runs, and what a production start refuses (issue 13 finding 2). */
import { ConfigError, loadConfig, paymentProviderOf, PAYMENT_REFUSAL, SMS_REFUSAL, standInWarnings } from '../../../services/config';

const refusalsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('outside production', () => {
  it('runs the sandbox cashier and the development SMS by default, without warnings', () => {
    const config = loadConfig({});
    expect(paymentProviderOf(config)).toBe('sandbox');
    expect(standInWarnings(config)).toEqual([]);
  });

  it('runs WeChat Pay when PAYMENT_PROVIDER says so or the merchant keys are set', () => {
    expect(paymentProviderOf(loadConfig({ PAYMENT_PROVIDER: 'wechatpay' }))).toBe('wechatpay');
    expect(paymentProviderOf(loadConfig({ WECHATPAY_MCHID: '1900000001' }))).toBe('wechatpay');
  });

  it('names an unknown provider', () => {
    expect(refusalsOf({ PAYMENT_PROVIDER: 'alipay' })[0]).toMatch(/^PAYMENT_PROVIDER: /);
    expect(refusalsOf({ SMS_PROVIDER: 'aliyun' })[0]).toMatch(/^SMS_PROVIDER: /);
  });
});

describe('in production', () => {
  it('refuses to start with neither a payment provider nor an SMS provider chosen', () => {
    expect(refusalsOf({ NODE_ENV: 'production' })).toEqual([PAYMENT_REFUSAL, SMS_REFUSAL]);
  });

  it('accepts WeChat Pay keys as the payment provider but still wants the SMS choice explicit', () => {
    expect(refusalsOf({ NODE_ENV: 'production', WECHATPAY_MCHID: '1900000001' })).toEqual([SMS_REFUSAL]);
  });

  it('runs the stand-ins only when told explicitly, with a loud warning for each', () => {
    const config = loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', SMS_PROVIDER: 'development' });
    expect(paymentProviderOf(config)).toBe('sandbox');
    const warnings = standInWarnings(config);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^!!! 警告：生产环境正在使用沙箱支付/);
    expect(warnings[1]).toMatch(/^!!! 警告：生产环境正在使用开发短信/);
  });
});
