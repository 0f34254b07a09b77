/**
 * 个人信息 and 更换手机号 (spec §7 Update user, Check user, Update phone; §5 messages): `PUT /user/update`
 * {name, sex, birthday, headImage} → 修改成功！ with the saved user info; `GET /user/checkUser` {phone, verificationCode}
 * (step 0, the current phone); `PUT /user/updatePhone` {phone, verificationCode} (step 1, the new phone).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userDecider } from '../../../domain/identity/user.decider';
import { userStream } from '../../../domain/identity/user.events';
import { UpdateProfileForm } from '../../../domain/identity/user-profile.rule';
import { ChangePhoneNumber } from '../../../domain/rules/phone.rule';
import { DomainError } from '../../../domain/shared/errors';
import type { WaitFor } from '../../../projections/runner/wait-for';
import { handleCommand } from '../../commands/handle-command';
import type { Queryable } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import type { PhoneChangeService } from '../../identity/phone-change.service';
import type { BlobStore } from '../../uploads/blob-store.port';
import { assertIssuedImages } from '../../uploads/issued-images';
import { currentUser } from '../auth';
import { ok } from '../envelope';
import { findUserInfo } from './user.queries';

export interface UserCentreDeps {
  db: Queryable;
  store: EventStore;
  waitFor: WaitFor;
  clock: () => Date;
  phoneChange: PhoneChangeService;
  blobs: BlobStore;
}

const PhoneWithCode = z.object({
  phone: ChangePhoneNumber,
  verificationCode: z.string({ error: '验证码不能为空' }).trim().min(1, '验证码不能为空').max(8, '验证码有误'),
});

export function registerUserCentreRoutes(app: FastifyInstance, deps: UserCentreDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // decides on the users read model: while it still lacks this session's writes, 503 服务繁忙 rather than a wrong 21001
  r.put('/user/update', { schema: { body: UpdateProfileForm }, config: { auth: 'required', readYourWrites: 'decide' } }, async (request) => {
    const userId = currentUser(request);
    const before = await findUserInfo(deps.db, userId);
    if (!before) throw new DomainError('userNotRegistered');
    // keeping the avatar one has (the generated default) is fine; a new one must be an upload of this server
    if (request.body.headImage !== before.headImage) await assertIssuedImages(deps.blobs, 'headImage', [request.body.headImage]);
    const result = await handleCommand({
      store: deps.store, streamId: userStream(userId), decider: userDecider,
      command: { type: 'UpdateProfile', profile: request.body }, now: deps.clock(),
      actor: { kind: 'user', id: String(userId) }, retryOnConflict: true,
    });
    if (result.events.length > 0) await deps.waitFor(result, { projections: ['users'] });
    const user = await findUserInfo(deps.db, userId);
    if (!user) throw new DomainError('userNotRegistered');
    return ok(user, '修改成功！');
  });

  r.get('/user/checkUser', { schema: { querystring: PhoneWithCode }, config: { auth: 'required' } }, async (request) => {
    await deps.phoneChange.checkUser(currentUser(request), request.query.phone, request.query.verificationCode);
    return ok(null, '验证成功');
  });

  r.put('/user/updatePhone', { schema: { body: PhoneWithCode }, config: { auth: 'required' } }, async (request) => {
    const userId = currentUser(request);
    await deps.phoneChange.updatePhone(userId, request.body.phone, request.body.verificationCode);
    const user = await findUserInfo(deps.db, userId);
    if (!user) throw new DomainError('userNotRegistered');
    return ok(user, '修改成功！');
  });
}
