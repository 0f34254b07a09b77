/**
 * The one rule for answers the server cannot give now but could on a retry (issue 28). Busy — the read models behind
 * the shopper's last write, a hot stream's conflict retries used up, a lock or serialization timeout — and a backing
 * service unavailable — PostgreSQL down or restarting, a connection terminated mid-request, the pool exhausted, Kafka
 * unreachable — all answer HTTP 503 with Retry-After: 1 and, on /api, the envelope
 * `{code:'503', message:'服务繁忙，请稍后重试', data:null}`. A client may send the same request again (a write with
 * its Idempotency-Key). HTTP 500 is left for bugs; business refusals stay HTTP 200 with their own code.
 *
 * Every error handler asks `isRetryLater` (error-handler.ts for /api and /internal, the payment and refund
 * notification routes, the sandbox cashier), each answering in its own protocol with `sendRetryLater`.
 */
import type { FastifyReply } from 'fastify';
import { DomainError, type ErrorName } from '../../domain/shared/errors';
import { isDatabaseBusy, isDatabaseUnavailable } from '../db/connection-errors';
import { failure, type Envelope } from './envelope';

export const BUSY_MESSAGE = '服务繁忙，请稍后重试';
/** Seconds a client is asked to wait before the retry. */
export const RETRY_AFTER_SECONDS = 1;

/** The /api envelope of every retry-later answer. */
export const busyEnvelope = (): Envelope<unknown> => failure('503', BUSY_MESSAGE);

/**
 * Domain refusals that are not about the request but about the moment: the read models have not caught up with the
 * session's writes (read-your-writes.ts), or the command lost its optimistic-concurrency race every time it was
 * retried (decide-and-append.ts, until-no-conflict.ts: a hot stream, an id drawn twice), or every picture decoder
 * stayed taken (services/uploads/decode-gate.ts).
 */
const RETRY_LATER_DOMAIN_ERRORS: ReadonlySet<ErrorName> = new Set<ErrorName>(['readModelBehind', 'concurrency', 'imageDecodersBusy']);

/**
 * KafkaJS errors of a broker that is not there or not answering: connection lost or refused, a request timed out,
 * no broker or metadata yet, or retries of any of these used up.
 */
const KAFKA_UNAVAILABLE = new Set([
  'KafkaJSConnectionError', 'KafkaJSConnectionClosedError', 'KafkaJSRequestTimeoutError', 'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSBrokerNotFound', 'KafkaJSNoBrokerAvailableError', 'KafkaJSMetadataNotLoaded', 'KafkaJSTopicMetadataNotLoaded',
  'KafkaJSTimeout', 'KafkaJSLockTimeout', 'KafkaJSGroupCoordinatorNotFound',
]);

function isKafkaUnavailable(error: unknown): boolean {
  if (!(error instanceof Error) || !error.name.startsWith('KafkaJS')) return false;
  return KAFKA_UNAVAILABLE.has(error.name) || (error as { retriable?: unknown }).retriable === true;
}

export function isRetryLater(error: unknown): boolean {
  if (error instanceof DomainError) return RETRY_LATER_DOMAIN_ERRORS.has(error.errorName);
  return isDatabaseUnavailable(error) || isDatabaseBusy(error) || isKafkaUnavailable(error);
}

/** HTTP 503 with Retry-After and `body` (the /api envelope unless the route speaks another protocol). */
export function sendRetryLater(reply: FastifyReply, body: unknown = busyEnvelope()): FastifyReply {
  return reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send(body);
}
