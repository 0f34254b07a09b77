/**
 * Malformed input answers 400 with a Chinese message naming the field (DESIGN.md §8), e.g.
 * `参数 pageSize 无效：应为整数`. Messages written in a schema (`z.string().min(1, '请输入问题内容')`) are Chinese already
 * and are used as they are.
 */
import type { FastifySchemaValidationError } from 'fastify';

const hasChinese = (text: string) => /[\u4e00-\u9fff]/.test(text);

function reason(error: FastifySchemaValidationError): string {
  const params = (error.params ?? {}) as Record<string, unknown>;
  switch (error.keyword) {
    case 'invalid_type': return params.received === 'undefined' || /received undefined/.test(error.message ?? '') ? '不能为空' : '类型错误';
    case 'too_small': return '过小或过短';
    case 'too_big': return '过大或过长';
    case 'invalid_format': case 'invalid_string': return '格式错误';
    case 'invalid_value': case 'invalid_enum_value': case 'invalid_literal': return '取值不在允许范围内';
    case 'not_multiple_of': return '不是允许的倍数';
    case 'unrecognized_keys': return '包含未知字段';
    default: return '格式错误';
  }
}

export function validationMessage(errors: FastifySchemaValidationError[], context?: string): string {
  const first = errors[0];
  if (!first) return '请求无效，请检查参数是否正确!';
  if (first.message && hasChinese(first.message)) return first.message;
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || '请求体';
  return `参数 ${field} 无效：${reason(first)}`;
}
