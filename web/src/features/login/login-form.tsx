import App from 'antd/es/app';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RegisterAgreement } from '../../../../domain/rules/login.rule';
import { LoginPhone } from '../../../../domain/rules/phone.rule';
import { VerificationCode } from '../../../../domain/rules/sms-code.rule';
import { ApiError } from '../../lib/api-client';
import { setClientState } from '../../lib/client-state';
import { saveToken } from '../../lib/session';
import { getUser } from './api/get-user';
import { login } from './api/login';
import { CodeButton } from './code-button';
import { typeOf, type LoginMode } from './login-mode';
import { ServiceAgreementDialog } from './service-agreement';
import { zodRule } from './zod-rule';

interface LoginValues {
  phone: string;
  verificationCode: string;
  sevenDays?: boolean;
  agreed?: boolean;
}

/** Spec §2 login screen form: phone, code with its button, 七天免登录, and in register mode the agreement. */
export function LoginForm({ mode, next }: { mode: LoginMode; next: string }) {
  const [form] = Form.useForm<LoginValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);

  const readPhone = async (): Promise<string | null> => {
    try {
      const { phone } = await form.validateFields(['phone']);
      return phone.trim();
    } catch {
      return null;
    }
  };

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      const sevenDays = values.sevenDays === true;
      const signed = await login({
        phone: values.phone.trim(), verificationCode: values.verificationCode.trim(), type: typeOf(mode), sevenDays,
      });
      saveToken(signed.token, sevenDays);
      const user = await getUser();
      setClientState({
        userInfo: { name: user.name, phone: user.phone, sex: user.sex, birthday: user.birthday, headImage: user.headImage, notRead: user.notRead },
      });
      void message.success('登录成功');
      navigate(next, { replace: true });
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : '登录失败，请稍后重试');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} className="login-form" onFinish={(values) => void submit(values)} requiredMark={false} size="large">
      <Form.Item name="phone" rules={[zodRule(LoginPhone)]} validateTrigger="onBlur">
        <Input placeholder="请输入手机号" maxLength={11} inputMode="numeric" autoComplete="tel" aria-label="手机号" />
      </Form.Item>
      <div className="login-code">
        <Form.Item name="verificationCode" rules={[zodRule(VerificationCode)]} className="login-code__input">
          <Input placeholder="请输入验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" aria-label="验证码" />
        </Form.Item>
        <CodeButton readPhone={readPhone} />
      </div>
      <Form.Item name="sevenDays" valuePropName="checked" className="login-form__check">
        <Checkbox>七天免登录</Checkbox>
      </Form.Item>
      {mode === 'register' && (
        <Form.Item name="agreed" valuePropName="checked" rules={[zodRule(RegisterAgreement)]} className="login-form__check">
          <Checkbox>
            我已阅读并同意
            <a
              className="login-form__agreement-link"
              onClick={(event) => {
                // the link sits in the checkbox label: opening the text must not tick the box
                event.preventDefault();
                event.stopPropagation();
                setAgreementOpen(true);
              }}
            >
              《集市用户服务协议》
            </a>
          </Checkbox>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={submitting} className="login-form__submit">
        {mode === 'register' ? '注册' : '登录'}
      </Button>
      <ServiceAgreementDialog open={agreementOpen} onClose={() => setAgreementOpen(false)} />
    </Form>
  );
}
