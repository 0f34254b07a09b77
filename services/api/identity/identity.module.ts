/**
 * Wires the identity slice for the API: its tables (SMS codes, phone claims, the outbox), the development SMS
 * provider, the sign-in service, the user centre's profile and phone change, and the /api and /internal routes.
 */
import type { FastifyInstance } from 'fastify';
import type { SmsLimits } from '../../config';
import type { WaitFor } from '../../../projections/runner/wait-for';
import type { Database } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import { createPhoneRegistry } from '../../identity/phone-registry';
import type { SessionStore } from '../../identity/session-store';
import { createSignInService, type SignInService } from '../../identity/sign-in.service';
import { createSmsCodeStore } from '../../identity/sms-code-store';
import { createDevelopmentSmsProvider } from '../../sms/development-sms.provider';
import { migrateSmsOutbox } from '../../sms/sms-outbox';
import type { SmsProvider } from '../../sms/sms-provider';
import type { BlobStore } from '../../uploads/blob-store.port';
import { createPhoneChangeService } from '../../identity/phone-change.service';
import { registerIdentityRoutes } from './identity.routes';
import { registerUserCentreRoutes } from './user-centre.routes';
import { registerSmsOutboxRoutes } from './sms-outbox.routes';

export interface IdentityDeps {
  db: Database;
  store: EventStore;
  sessions: SessionStore;
  waitFor: WaitFor;
  clock: () => Date;
  /** Uploaded pictures: a new avatar must be one this server issued. */
  blobs: BlobStore;
  /** Default: the development provider (log + outbox). */
  sms?: SmsProvider;
  /** Wrong-try budget and send limits of SMS codes (SMS_* settings); default: the defaults of services/config.ts. */
  smsLimits?: SmsLimits;
}

export async function openSignIn(deps: Omit<IdentityDeps, 'blobs'>, log: (line: string) => void): Promise<SignInService> {
  const codes = await createSmsCodeStore(deps.db, deps.smsLimits);
  const phones = await createPhoneRegistry(deps.db);
  const sms = deps.sms ?? (await createDevelopmentSmsProvider(deps.db, log));
  return createSignInService({ ...deps, codes, phones, sms });
}

/** Inside the /api plugin. */
export async function registerIdentityApi(api: FastifyInstance, deps: IdentityDeps): Promise<void> {
  registerIdentityRoutes(api, await openSignIn(deps, (line) => api.log.info(line)), deps.db);
  const phoneChange = await createPhoneChangeService({
    ...deps, codes: await createSmsCodeStore(deps.db, deps.smsLimits), phones: await createPhoneRegistry(deps.db),
  });
  registerUserCentreRoutes(api, { ...deps, phoneChange });
}

/** Inside the /internal plugin (the ops token guard is already on it). */
export async function registerIdentityInternal(internal: FastifyInstance, db: Database): Promise<void> {
  await migrateSmsOutbox(db);
  registerSmsOutboxRoutes(internal, db);
}
