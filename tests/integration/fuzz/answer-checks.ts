/**
 * What every fuzzed answer must be (issue 13): never a 5xx; on /api the envelope `{code, message, data}` with a string
 * code (services/api/envelope.ts) — except WeChat Pay's callbacks, which answer WeChat's `{code, message}`, and
 * pictures, which answer an image when found, and the sandbox cashier (/pay/sandbox), which answers its pages and its own
 * `{ok, message}`; and a refused request (4xx, or a code other than '200') appended no event.
 */
import type { Operation } from './contract-operations';

export interface Answer { status: number; contentType: string; body: string }

export function isRefused(answer: Answer): boolean {
  if (answer.status >= 400) return true;
  const parsed = parseJson(answer.body);
  return typeof parsed === 'object' && parsed !== null && 'code' in parsed && (parsed as { code: unknown }).code !== '200';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The answer's problem, or null when it is what the contract promises. */
export function answerProblem(op: Operation, answer: Answer): string | null {
  if (answer.status >= 500) return `HTTP ${answer.status}`;
  if (answer.status === 304) return null;
  const json = answer.contentType.startsWith('application/json');
  if (op.input === 'sandbox-cashier') {
    // the sandbox cashier's own protocol: its pages and script, and {ok, message} (services/api/pay/sandbox-pay.routes.ts)
    if (!json) return /^text\/(html|javascript)/.test(answer.contentType) ? null : `the cashier answered ${answer.contentType || 'no content type'}`;
    const reply = parseJson(answer.body) as Record<string, unknown> | undefined;
    if (typeof reply?.ok === 'boolean' && typeof reply.message === 'string') return null;
    // a path no cashier route matches, or a malformed URL, is answered by the app before the cashier: the envelope
    if (answer.status >= 400 && typeof reply?.code === 'string' && reply.code === String(answer.status) && 'data' in reply) return null;
    return 'not the cashier\'s {ok, message}';
  }
  if (!json) return answer.status < 300 ? null : `HTTP ${answer.status} answered ${answer.contentType || 'no content type'}, not the envelope`;
  const body = parseJson(answer.body) as Record<string, unknown> | undefined;
  if (typeof body !== 'object' || body === null) return 'a JSON answer that is not an object';
  if (op.input === 'wechat-callback') {
    return typeof body.code === 'string' && typeof body.message === 'string' ? null : 'not WeChat Pay\'s {code, message}';
  }
  if (typeof body.code !== 'string' || !/^\d+$/.test(body.code)) return `envelope code ${JSON.stringify(body.code)}`;
  if (typeof body.message !== 'string') return 'envelope without a message';
  if (!('data' in body)) return 'envelope without data';
  if (answer.status >= 400 && body.code !== String(answer.status)) return `HTTP ${answer.status} with code ${body.code}`;
  return null;
}
