import { z } from 'zod';
import type { JobContext, JobHandler } from './queue';

/**
 * The zod schema of each job name's payload: what a queue may send and run. The app's map is
 * `JOB_PAYLOADS` (engine/jobs/job-names.ts); a queue is built with one and knows no other names.
 */
export type JobSchemas = Readonly<Record<string, z.ZodType<object>>>;

/** The job names of a schema map. */
export type JobNameOf<M extends JobSchemas> = Extract<keyof M, string>;

/** What a handler of job `N` receives: the payload as its schema parsed it. */
export type PayloadOf<M extends JobSchemas, N extends JobNameOf<M>> = z.output<M[N]>;

/** What a sender of job `N` passes: the payload before its schema parses it. */
export type PayloadInputOf<M extends JobSchemas, N extends JobNameOf<M>> = z.input<M[N]>;

/**
 * A payload its job's schema refuses: thrown by `send` before anything is stored, and the reason
 * a stored job whose payload no longer parses fails at once, without retries (a retry would meet
 * the same payload).
 */
export class JobPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobPayloadError';
  }
}

/** `postId: Too small: expected number to be >0; ownerId: …`: each refused field with zod's reason. */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'payload'}: ${issue.message}`).join('; ');
}

/** The schema of a job name, or an error naming the map a name is missing from. */
export function schemaOf<M extends JobSchemas, N extends JobNameOf<M>>(schemas: M, name: N): M[N] {
  const schema: M[N] | undefined = Object.hasOwn(schemas, name) ? schemas[name] : undefined;
  if (schema === undefined) throw new Error(`Job ${name} has no payload schema: add it to JOB_PAYLOADS (engine/jobs/job-names.ts)`);
  return schema;
}

/** The payload a sender passed, parsed by its job's schema; throws a JobPayloadError naming each refused field. */
export function parseSentPayload<S extends z.ZodType<object>>(name: string, schema: S, payload: unknown): z.output<S> {
  const parsed = z.safeParse(schema, payload);
  if (!parsed.success) throw new JobPayloadError(`Job ${name} was not sent: its payload does not match the job's schema (${describeIssues(parsed.error)})`);
  return parsed.data;
}

/**
 * The handler the queue runs for a job name: the stored payload is parsed by the job's schema
 * first and the typed handler gets the parsed payload; a payload that does not parse (stored by
 * an older version, or written by hand) never reaches the handler: the run throws a
 * JobPayloadError, which fails the job for good with that message.
 */
export function parsingHandler<S extends z.ZodType<object>>(name: string, schema: S, handler: JobHandler<z.output<S>>): JobHandler<unknown> {
  return (job: JobContext<unknown>) => {
    const parsed = z.safeParse(schema, job.payload);
    if (!parsed.success) {
      return Promise.reject(new JobPayloadError(`Job ${name} was not run: its stored payload does not match the job's schema (${describeIssues(parsed.error)})`));
    }
    return handler({ ...job, payload: parsed.data });
  };
}
