import { useMachine } from '@xstate/react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Steps from 'antd/es/steps';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { phoneRule } from '../../../../domain/rules/phone.rule';
import { ApiError } from '../../lib/api-client';
import { getClientState, setClientState, useClientState } from '../../lib/client-state';
import { maskPhone } from '../../lib/format';
import { checkUser, sendPhoneCode, updatePhone } from './api/change-phone';
import { phoneChangeMachine, stepOf, type CodeInput, type SubmitInput } from './change-phone.machine';
import { Pane } from './pane';

interface Values { phone: string; code: string }

const PHONE_RULE = phoneRule('codeRequest');
const phoneValidator = { validator: async (_: unknown, value: unknown) => {
  const result = PHONE_RULE.safeParse(value ?? '');
  if (!result.success) throw new Error('手机号格式错误请重新输入');
} };
const codeRules = [{ required: true, whitespace: true, message: '验证码不能为空' }];

/** 更换手机号 (spec §4 steps 0/1/2, §5 messages, §9 60 s countdown): prove the current phone, bind a new one. */
export function ChangePhonePage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useClientState('userInfo');
  const [form] = Form.useForm<Values>();
  const say = (failure: unknown) => void message.error(failure instanceof ApiError ? failure.message : String(failure));
  const machine = useMemo(() => phoneChangeMachine.provide({
    actors: {
      sendCode: fromPromise<void, CodeInput>(async ({ input }) => {
        try {
          await sendPhoneCode(input.phone);
          void message.success('验证码获取成功');
        } catch (failure) {
          say(failure);
          throw failure;
        }
      }),
      checkUser: fromPromise<void, SubmitInput>(async ({ input }) => {
        try {
          await checkUser(input.phone, input.code);
          form.resetFields();
        } catch (failure) {
          say(failure);
          throw failure;
        }
      }),
      bindPhone: fromPromise<void, SubmitInput>(async ({ input }) => {
        try {
          const saved = await updatePhone(input.phone, input.code);
          setClientState({ userInfo: { ...getClientState().userInfo, ...saved } });
          void message.success('修改成功！');
        } catch (failure) {
          say(failure);
          throw failure;
        }
      }),
    },
  }), [message, form]);
  const [snapshot, send] = useMachine(machine);
  const step = stepOf(snapshot.value);
  const currentPhone = user?.phone ?? '';

  const phoneOf = async (): Promise<string | null> => {
    if (step === 0) return currentPhone;
    return form.validateFields(['phone']).then((v) => v.phone.trim(), () => null);
  };
  const sendCode = async () => {
    const phone = await phoneOf();
    if (phone) send({ type: 'SEND_CODE', phone });
  };
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    const phone = await phoneOf();
    if (values && phone) send({ type: 'SUBMIT', phone, code: values.code.trim() });
  };
  const counting = snapshot.matches({ [step === 0 ? 'identity' : 'newPhone']: { code: 'counting' } });
  const sending = snapshot.matches({ [step === 0 ? 'identity' : 'newPhone']: { code: 'sending' } });
  const submitting = snapshot.matches({ [step === 0 ? 'identity' : 'newPhone']: { form: 'submitting' } });

  return (
    <Pane title="更换手机号">
      <Steps current={step} className="uc-steps" items={[{ title: '验证身份' }, { title: '绑定新手机号' }, { title: '完成' }]} />
      {step === 2 ? (
        <Result status="success" title="手机号更换成功" subTitle={`当前绑定手机号：${maskPhone(snapshot.context.newPhone)}`}
          extra={<Button type="primary" onClick={() => navigate('/userCenter/userInfo')}>返回个人信息</Button>} />
      ) : (
        <Form form={form} labelCol={{ flex: '110px' }} className="uc-phone-form" key={step}>
          {step === 0
            ? <Form.Item label="当前手机号"><span data-testid="current-phone">{maskPhone(currentPhone)}</span></Form.Item>
            : (
              <Form.Item label="新手机号" name="phone" rules={[phoneValidator]}>
                <Input maxLength={11} placeholder="请输入新手机号" />
              </Form.Item>
            )}
          <Form.Item label="验证码" required>
            <div className="uc-phone-form__code">
              <Form.Item name="code" rules={codeRules} noStyle>
                <Input maxLength={6} placeholder="请输入验证码" />
              </Form.Item>
              {counting
                ? <span className="uc-phone-form__countdown" data-testid="phone-code-countdown">{snapshot.context.remaining}秒后重新获取</span>
                : <Button onClick={() => void sendCode()} loading={sending}>获取验证码</Button>}
            </div>
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button type="primary" onClick={() => void submit()} loading={submitting}>{step === 0 ? '下一步' : '确认更换'}</Button>
          </Form.Item>
        </Form>
      )}
    </Pane>
  );
}
