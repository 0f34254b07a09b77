import { useMachine } from '@xstate/react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { ApiError } from '../../lib/api-client';
import { getCode } from './api/get-code';
import { codeCountdownMachine } from './code-countdown.machine';

interface CodeButtonProps {
  /** Validates the phone field and gives its value, or null when it is not valid (the form shows why). */
  readPhone: () => Promise<string | null>;
}

/** Spec §2, §4: 获取验证码, hidden while its 120 s countdown shows the seconds left. */
export function CodeButton({ readPhone }: CodeButtonProps) {
  const { message } = App.useApp();
  const machine = useMemo(
    () =>
      codeCountdownMachine.provide({
        actors: {
          sendCode: fromPromise<void, { phone: string }>(async ({ input }) => {
            try {
              await getCode(input.phone);
              void message.success('验证码获取成功');
            } catch (error) {
              void message.error(error instanceof ApiError ? error.message : '验证码发送失败，请稍后重试');
              throw error;
            }
          }),
        },
      }),
    [message],
  );
  const [snapshot, send] = useMachine(machine);

  if (snapshot.matches('counting')) {
    return (
      <span className="login-code__countdown" data-testid="code-countdown" aria-live="polite">
        {snapshot.context.remaining}秒后重新获取
      </span>
    );
  }
  const request = async () => {
    const phone = await readPhone();
    if (phone) send({ type: 'REQUEST', phone });
  };
  return (
    <Button className="login-code__button" loading={snapshot.matches('sending')} onClick={() => void request()}>
      获取验证码
    </Button>
  );
}
