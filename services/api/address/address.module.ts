/**
 * The address slice's entry (issue 5 "cart + addresses"). Register with `await registerAddressApi(api, deps)` inside
 * the /api plugin: `/receive/*` and `/region/tree`.
 *
 * For the checkout: `findAddress(db, userId, receiveId)` → the shopper's own address `{receiveId, receiveName,
 * receivePhone, receiveAdress ('省-市-区'), address, label, defult, ifDefault}` or null (someone else's id is null too);
 * `selectedAddress(db, userId)` → the default, else the newest, else null (settlement without receiveId).
 * Web: `AddressDialog` in web/src/features/address/address-dialog.tsx (add or edit, then `onSaved(receiveId)`).
 */
import type { FastifyInstance } from 'fastify';
import type { WaitFor } from '../../../projections/runner/wait-for';
import type { Database } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import { createReceiveIds } from './address-ids';
import { registerAddressRoutes } from './address.routes';
import { registerRegionRoutes } from './region.routes';

export { findAddress, selectedAddress, listAddresses, type AddressView } from './address.queries';
export { regionTree } from './region-tree';

export interface AddressApiDeps { db: Database; store: EventStore; waitFor: WaitFor; clock: () => Date }

export async function registerAddressApi(api: FastifyInstance, deps: AddressApiDeps): Promise<void> {
  registerAddressRoutes(api, { ...deps, receiveIds: await createReceiveIds(deps.db) });
  registerRegionRoutes(api);
}
