import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends JSON written as it is read (a streamed listing). Streams skip the route's response
 * serializer, so the writer is the one that keeps to the documented shape.
 */
export function sendJsonStream(reply: FastifyReply, body: Readable): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
