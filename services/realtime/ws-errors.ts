/**
 * What a websocket's errors log. A client's protocol fault — above all a frame over the 64 KiB maxPayload — is the
 * client's doing: one warn line without a stack, and `ws` closes the socket with the fault's close code (1009 Message
 * Too Big) as it already does; cutting the connection instead would leave the client only 1006. Anything else is
 * ours: logged as an error and the socket terminated, as @fastify/websocket does by default.
 */
import type { FastifyRequest } from 'fastify';

interface ClosableSocket { terminate(): void }

/** `ws` marks the faults of the peer's frames with codes WS_ERR_* (RangeError / Error with a status code). */
const isClientProtocolFault = (error: unknown): error is Error & { code: string } => {
  const code: unknown = error instanceof Error ? (error as unknown as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('WS_ERR_');
};

export function websocketErrorHandler(error: Error, socket: ClosableSocket, request: FastifyRequest): void {
  if (isClientProtocolFault(error)) {
    request.log.warn({ wsError: error.code, ip: request.ip }, `websocket closed: ${error.message}`);
    return;
  }
  request.log.error(error);
  socket.terminate();
}
