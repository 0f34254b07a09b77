import App from 'antd/es/app';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { getToken } from '../../lib/session';

/**
 * Sends a question or an answer: the shared form rule first (请输入问题内容 / 请输入回答内容), then the login check
 * (请先登录 → /login), then the call; `success` (提问成功 / 回答成功) on the way out.
 */
export function useQaSubmit<Schema extends z.ZodType>(rule: Schema, send: (form: z.output<Schema>) => Promise<unknown>, success: string) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);

  const submit = async (input: z.input<Schema>): Promise<boolean> => {
    const parsed = rule.safeParse(input);
    if (!parsed.success) {
      void message.warning(parsed.error.issues[0]?.message ?? '请检查输入');
      return false;
    }
    if (!getToken()) {
      void message.warning('请先登录');
      navigate('/login');
      return false;
    }
    setSending(true);
    try {
      await send(parsed.data);
      void message.success(success);
      return true;
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : '提交失败');
      return false;
    } finally {
      setSending(false);
    }
  };
  return { submit, sending };
}
