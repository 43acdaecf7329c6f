import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { countUsers } from '../../platform/auth/users.repository';
import { setupCodeOf } from './setup-code';

/**
 * The log line that gives the setup code, starting with `Setup code:` as the setup screen says
 * (no double quotes: the log is JSON, where they would show escaped).
 */
export function setupCodeLine(code: string, port: number): string {
  return `Setup code: ${code} - no account exists yet. On this machine, open http://localhost:${port}/ to create it (no code needed). `
    + `From another machine, open LinkLoom at this machine's address and type ${code} in the Setup code field of the Create your account screen. `
    + 'The code works until the first account exists; restarting the server prints it again.';
}

/**
 * When the server starts listening and no account exists, its log says how to create the first
 * one and gives the setup code (as a warning, so LOG_LEVEL=warn still shows it).
 */
export function announceSetupCodeOnListen(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onListen', async () => {
    if ((await countUsers(ctx.database.db)) > 0) return;
    const address = app.server.address();
    const port = address !== null && typeof address === 'object' ? address.port : ctx.config.port;
    app.log.warn(setupCodeLine(await setupCodeOf(ctx.database), port));
  });
}
