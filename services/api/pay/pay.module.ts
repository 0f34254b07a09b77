/**
 * Wires the payments routes into the app (one line in app.ts): the WeChat Pay notify route always, the sandbox
 * cashier while the sandbox provider is in use. Until PUBLIC_BASE_URL says otherwise, sandbox QR codes point at
 * the address this server listens on.
 */
import type { FastifyInstance } from 'fastify';
import type { Payments } from '../../payments/payments';
import { registerPayNotifyRoute } from './pay-notify.route';
import { registerSandboxPayRoutes } from './sandbox-pay.routes';

export async function registerPayRoutes(app: FastifyInstance, payments: Payments): Promise<void> {
  await registerPayNotifyRoute(app, payments);
  if (!payments.sandbox) return;
  payments.sandbox.useServerAddress(() => listeningUrl(app));
  await registerSandboxPayRoutes(app, payments, payments.sandbox);
}

function listeningUrl(app: FastifyInstance): string | null {
  const address = app.server.address();
  if (!address || typeof address === 'string') return null;
  const host = address.address === '0.0.0.0' || address.address === '::' ? 'localhost'
    : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
