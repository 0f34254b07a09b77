/** Ops (behind the ops token): the latest code the development SMS provider "sent" to a phone. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginPhone } from '../../../domain/rules/phone.rule';
import { DomainError } from '../../../domain/shared/errors';
import type { Queryable } from '../../db/database';
import { latestOutboxCode } from '../../sms/sms-outbox';
import { ok } from '../envelope';

export function registerSmsOutboxRoutes(app: FastifyInstance, db: Queryable): void {
  app.withTypeProvider<ZodTypeProvider>().get('/sms', { schema: { querystring: z.object({ phone: LoginPhone }) } },
    async (request) => {
      const latest = await latestOutboxCode(db, request.query.phone);
      if (!latest) throw new DomainError('smsOutboxEmpty');
      return ok({ code: latest.code, phone: latest.phone, text: latest.text, sentAt: latest.sentAt });
    });
}
