/**
 * `/api/app/getCode`, `/api/app/login`, `/api/app/logout`, `/api/user/getUser` (spec §7 Login, Verification code,
 * Get user; origin-contract §2) and the default avatars new shoppers get.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginForm } from '../../../domain/rules/login.rule';
import { CodeRequestPhone } from '../../../domain/rules/phone.rule';
import { DomainError } from '../../../domain/shared/errors';
import type { Queryable } from '../../db/database';
import type { SignInService } from '../../identity/sign-in.service';
import { currentUser, tokenOf } from '../auth';
import { ok } from '../envelope';
import { defaultAvatarSvg } from './default-avatar.svg';
import { findUserInfo } from './user.queries';
import { noInput } from '../openapi/route-input';

const LoginBody = LoginForm.extend({ sevenDays: z.boolean().optional() });

export function registerIdentityRoutes(app: FastifyInstance, signIn: SignInService, db: Queryable): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/app/getCode', { schema: { querystring: z.object({ phone: CodeRequestPhone }) } }, async (request) => {
    await signIn.requestCode(request.query.phone, request.ip);
    return ok(null, '验证码获取成功');
  });

  r.post('/app/login', { schema: { body: LoginBody } }, async (request) => {
    const { token, account } = await signIn.signIn(request.body, request.ip);
    // the new session is the one whose next requests must see this sign-in's writes (a registration's user row):
    // if the wait for them timed out, the session remembers them (services/api/read-your-writes.ts)
    request.token = token;
    return ok({
      token,
      buyerUserId: account.userId,
      phone: account.phone,
      name: account.name,
      // the original BuyerUser's name for the nickname, for clients written against it
      wechatName: account.name,
      headImage: account.headImage,
    }, '登录成功');
  });

  // Logging out an unknown or expired session is still a logout: no 20004 here.
  r.post('/app/logout', { schema: noInput }, async (request) => {
    const token = tokenOf(request);
    if (token) await signIn.signOut(token);
    return ok(null);
  });

  r.get('/user/getUser', { schema: noInput, config: { auth: 'required' } }, async (request) => {
    const user = await findUserInfo(db, currentUser(request));
    if (!user) throw new DomainError('userNotRegistered');
    return ok(user);
  });

  r.get('/app/avatar/:file', {
    schema: { params: z.object({ file: z.string().regex(/^[1-9]\d{0,15}\.svg$/, '头像不存在') }) },
  }, async (request, reply) => {
    const userId = Number(request.params.file.slice(0, -'.svg'.length));
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=604800, immutable')
      .send(defaultAvatarSvg(userId));
  });
}
