import type { ZodType } from 'zod';

/** An antd Form rule that runs a domain rule (domain/rules), so the screen and the API say the same thing. */
export const zodRule = (schema: ZodType) => ({
  validator: async (_: unknown, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '输入有误');
  },
});
