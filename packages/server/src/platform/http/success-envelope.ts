import type { FastifyInstance, preSerializationHookHandler } from 'fastify';
import { z } from 'zod';
import { SUCCESS_MESSAGE, SuccessEnvelopeSchema } from '@linkloom/shared';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set at registration for GET /rest/* routes that answer an object: it carries `success`. */
    successEnvelope?: boolean;
  }
}

const SUCCESS = { message: SUCCESS_MESSAGE } as const;

/** A GET /rest/* route, or the HEAD twin Fastify makes of it (it shares the GET's schema objects). */
function isRestRead(methods: string[], url: string): boolean {
  return methods.some((method) => method === 'GET' || method === 'HEAD') && url.startsWith('/rest/');
}

/** True for a plain object answer (not an array, a stream, a buffer or a string). */
function isPlainObject(payload: unknown): payload is Record<string, unknown> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
  const prototype: unknown = Object.getPrototypeOf(payload);
  return prototype === Object.prototype || prototype === null;
}

const envelope = { success: SuccessEnvelopeSchema };

/** An object answer's schema with `success` added; undefined for answers that are not objects. */
function withEnvelope(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodObject) return schema.extend(envelope);
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const options: readonly unknown[] = schema.options;
    if (!options.every((option): option is z.ZodObject => option instanceof z.ZodObject)) return undefined;
    const [first, ...rest] = options.map((option) => option.extend(envelope));
    if (!first) return undefined;
    return z.discriminatedUnion(schema.def.discriminator, [first, ...rest]);
  }
  return undefined;
}

/**
 * The original's envelope on its GET /rest/* object answers: `success: {"message": "Success"}` next
 * to LinkLoom's own keys, so a script written for the original finds it wherever it looks.
 * Decided at registration (the route's 200 schema is an object): the schema is extended, so the
 * API description shows the key and the response check keeps it, and each answer gets the value.
 * Failures keep their error shape. Streamed answers write the key themselves (`SUCCESS_JSON_MEMBER`).
 */
export function registerSuccessEnvelope(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isRestRead([route.method].flat(), route.url)) return;
    const responses = route.schema?.response as Record<string, unknown> | undefined;
    const enveloped = withEnvelope(responses?.['200']);
    if (!responses || !enveloped) return;
    responses['200'] = enveloped;
    route.config = { ...route.config, successEnvelope: true };
    // Only these routes pay for the hook: every other answer is serialized without it.
    route.preSerialization = [addEnvelope, ...[route.preSerialization ?? []].flat()];
  });
}

const addEnvelope: preSerializationHookHandler<unknown> = (_request, reply, payload, done) => {
  done(null, reply.statusCode === 200 && isPlainObject(payload) ? { ...payload, success: SUCCESS } : payload);
};

/** The envelope as the last member of a JSON object written by hand (a streamed answer). */
export const SUCCESS_JSON_MEMBER = `"success":${JSON.stringify(SUCCESS)}`;
