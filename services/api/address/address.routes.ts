/**
 * `/api/receive/*` (spec §7 Addresses, origin §8), all behind a token: list (pageSize 4 in the user centre, 100 in the
 * order flow), the order flow's starting address, one address, save, update, delete. The form is checked with the
 * spec's rule (domain/rules/address.rule.ts: 400 with its message) and the region against the division data.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decimal } from '../edge/decimal';
import { addressBookDecider, type AddressBookCommand } from '../../../domain/address/address-book.decider';
import { addressBookStream, type AddressFields } from '../../../domain/address/address-book.events';
import { joinRegion, regionPath } from '../../../domain/address/region';
import { AddressForm } from '../../../domain/rules/address.rule';
import { BadInput } from '../../../domain/shared/bad-input';
import { DomainError } from '../../../domain/shared/errors';
import type { WaitFor } from '../../../projections/runner/wait-for';
import { handleCommand } from '../../commands/handle-command';
import type { Queryable } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import { currentUser } from '../auth';
import { ok } from '../envelope';
import { PageQuery } from '../paging';
import type { ReceiveIds } from './address-ids';
import { findAddress, listAddresses, selectedAddress } from './address.queries';
import { regionTree } from './region-tree';
import { noInput } from '../openapi/route-input';

export interface AddressRouteDeps { db: Queryable; store: EventStore; waitFor: WaitFor; clock: () => Date; receiveIds: ReceiveIds }

const ReceiveId = decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const LIMITS = [['receiveName', 25, '收件人姓名'], ['address', 120, '详细地址'], ['label', 10, '地址标签']] as const;

const withinLimits = <T extends z.ZodType<z.output<typeof AddressForm>>>(schema: T) => schema.superRefine((form, ctx) => {
  for (const [field, max, name] of LIMITS) {
    if (form[field].length > max) ctx.addIssue({ code: 'custom', path: [field], message: `${name}不能超过${max}个字` });
  }
});
const SaveBody = withinLimits(AddressForm);
const UpdateBody = withinLimits(AddressForm.extend({ receiveId: ReceiveId }));
const ByIdQuery = z.object({ receiveId: ReceiveId });

const auth = { auth: 'required' } as const;

/** The form with its region made canonical, or 请选择地区! for a region the division data does not know. */
function fieldsOf(form: z.output<typeof AddressForm>): AddressFields {
  const path = regionPath(regionTree(), form.receiveAdress);
  if (!path) throw new DomainError('addressRegionInvalid');
  const { receiveName, receivePhone, address, label, defult } = form;
  return { receiveName, receivePhone, receiveAdress: joinRegion(path.map((node) => node.name)), address, label, defult };
}

export function registerAddressRoutes(app: FastifyInstance, deps: AddressRouteDeps): void {
  const { db, store, waitFor, clock, receiveIds } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const run = async (userId: number, command: AddressBookCommand) => {
    const result = await handleCommand({
      store, streamId: addressBookStream(userId), decider: addressBookDecider, command, now: clock(),
      actor: { kind: 'user', id: String(userId) },
      // each decision is made again on the fresh book, and a new receiveId never depends on what the client saw
      retryOnConflict: true,
    });
    await waitFor(result);
  };

  r.get('/receive/getAll', { schema: { querystring: PageQuery(4) }, config: auth }, async (request) =>
    ok(await listAddresses(db, currentUser(request), request.query.page, request.query.pageSize)));

  r.get('/receive/getSelect', { schema: noInput, config: auth }, async (request) => ok(await selectedAddress(db, currentUser(request))));

  r.get('/receive/getById', { schema: { querystring: ByIdQuery }, config: { ...auth, owns: 'address' } }, async (request) => {
    const found = await findAddress(db, currentUser(request), request.query.receiveId);
    if (!found) throw new DomainError('addressNotFound');
    return ok(found);
  });

  r.post('/receive/save', { schema: { body: SaveBody }, config: auth }, async (request) => {
    const userId = currentUser(request);
    const fields = fieldsOf(request.body);
    const receiveId = await receiveIds();
    await run(userId, { type: 'AddAddress', data: { userId, receiveId, fields } });
    return ok({ receiveId }, '地址添加成功');
  });

  r.route({
    method: ['PUT', 'POST'], url: '/receive/update', schema: { body: UpdateBody }, config: { ...auth, owns: 'address' },
    handler: async (request) => {
      const userId = currentUser(request);
      const { receiveId } = request.body;
      await run(userId, { type: 'UpdateAddress', data: { userId, receiveId, fields: fieldsOf(request.body) } });
      return ok({ receiveId }, '地址修改成功');
    },
  });

  r.route({
    method: ['DELETE', 'POST'], url: '/receive/delete',
    // the original client sends receiveId in the body; a query parameter is accepted as well
    schema: { body: ByIdQuery.partial().nullish(), querystring: ByIdQuery.partial() }, config: { ...auth, owns: 'address' },
    handler: async (request) => {
      const userId = currentUser(request);
      const receiveId = request.body?.receiveId ?? request.query.receiveId;
      // no id at all is malformed input naming the field, not 收货地址不存在 (issue 29)
      if (receiveId === undefined) throw new BadInput('参数 receiveId 无效：不能为空');
      await run(userId, { type: 'RemoveAddress', data: { userId, receiveId } });
      return ok(null, '删除成功');
    },
  });
}
