/** What the queue logs through; Fastify's `app.log` (pino) fits as it is. */
export interface QueueLogger {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
type Level = (typeof LEVELS)[number];

/** pino's numbers, so the worker's lines read like the server's. */
const LEVEL_NUMBER: Record<Exclude<Level, 'silent'>, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** One JSON line per message on standard output, like pino, from `minimum` up (LOG_LEVEL). */
export function createLineLogger(minimum: Level, write: (line: string) => void = (line) => process.stdout.write(line)): QueueLogger {
  const threshold = LEVELS.indexOf(minimum);
  const log = (level: 'info' | 'warn' | 'error', msg: string, obj: object = {}) => {
    if (LEVELS.indexOf(level) < threshold) return;
    const fields = Object.fromEntries(Object.entries(obj).map(([key, value]) => [key, value instanceof Error ? { message: value.message, stack: value.stack } : value]));
    write(`${JSON.stringify({ level: LEVEL_NUMBER[level], time: Date.now(), ...fields, msg })}\n`);
  };
  return {
    info: (msg) => log('info', msg),
    warn: (obj, msg) => log('warn', msg, obj),
    error: (obj, msg) => log('error', msg, obj),
  };
}

export const silentLogger: QueueLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
