import { z } from 'zod';
import { ChangePhoneNumber, LoginPhone } from './phone.rule';
import { ChangePhoneCode, VerificationCode } from './sms-code.rule';

/** Register ticks the service agreement; the box is the web's, the API never receives it. */
export const RegisterAgreement = z.literal(true, { error: '请阅读并同意服务协议' });

/** POST /app/login: type 1 register, 2 login (default). */
export const LoginForm = z.object({
  phone: LoginPhone,
  verificationCode: VerificationCode,
  type: z.union([z.literal(1), z.literal(2)]).default(2),
});
export type LoginForm = z.infer<typeof LoginForm>;

/** The register screen's form: the login fields plus the agreement. */
export const RegisterForm = LoginForm.extend({ type: z.literal(1), agreed: RegisterAgreement });
export type RegisterForm = z.infer<typeof RegisterForm>;

/** PUT /user/updatePhone and GET /user/checkUser in the phone-change steps. */
export const ChangePhoneForm = z.object({ phone: ChangePhoneNumber, verificationCode: ChangePhoneCode });
export type ChangePhoneForm = z.infer<typeof ChangePhoneForm>;
