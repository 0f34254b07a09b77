/**
 * Group-buy invitations (spec §2 Order detail 邀请好友参团, §7 Share; origin-contract §8): `POST /work/getInvite
 * {collageId, orderId?}` → GroupInvite, `GET /work/getShare?collageId&orderId?&productId?&skuId?&type?` → the invite
 * link and its QR. Both need a token (the invite page sends a friend to log in first). A group that does not exist,
 * or an orderId that is not the caller's in it, answers 81002 该拼单不存在; sharing needs the caller to be a member.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import { currentUser } from '../auth';
import { ok } from '../envelope';
import { OptionalId, PositiveId } from '../product/params';
import { groupInvite } from './group-invite';
import { groupShare } from './group-share';

export interface GroupInviteDeps { store: EventStore; db: Queryable; clock: () => Date; publicBaseUrl?: string }

const InviteInput = z.object({ collageId: PositiveId, orderId: OptionalId });
const ShareQuery = InviteInput.extend({
  productId: OptionalId,
  skuId: OptionalId,
  type: z.enum(['0', '1', '2'], { error: '参数 type 无效：应为 0、1 或 2' }).optional(),
});

/** Where shoppers reach the shop (PUBLIC_BASE_URL behind a proxy), else where this browser reached us. */
const originOf = (request: FastifyRequest, publicBaseUrl?: string): string =>
  publicBaseUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;

export function registerGroupInviteRoutes(app: FastifyInstance, deps: GroupInviteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = {
    auth: 'required',
    owns: { none: 'a group is open to every signed-in shopper it is shared with; an orderId not the caller\'s in it answers 81002 like a missing group (group-invite.test.ts)' },
  } as const;

  r.post('/work/getInvite', { schema: { body: InviteInput }, config: auth }, async (request) =>
    ok(await groupInvite(deps, currentUser(request), request.body.collageId, request.body.orderId ?? null, deps.clock())));

  r.get('/work/getShare', { schema: { querystring: ShareQuery }, config: auth }, async (request) => {
    const invite = await groupInvite(deps, currentUser(request), request.query.collageId, request.query.orderId ?? null, deps.clock());
    return ok(await groupShare(invite, originOf(request, deps.publicBaseUrl)));
  });
}
