import type { FastifyRequest } from 'fastify';
import { SETUP_MESSAGES, type SetupStatus } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { countUsers } from '../../platform/auth/users.repository';
import { ConflictError, ForbiddenError } from '../../platform/http/errors';
import { isFromThisMachine } from './from-this-machine';
import { isSetupCode } from './setup-code';

/**
 * Who may create the first account (issue 33 item 8): anyone on the machine LinkLoom runs on;
 * from anywhere else, only who types the setup code the server printed in its log, so a fresh
 * install reachable from a network cannot be claimed by the first visitor.
 */
export async function setupStatusOf(ctx: AppContext, request: FastifyRequest): Promise<SetupStatus> {
  const setupRequired = (await countUsers(ctx.database.db)) === 0;
  return { setupRequired, setupCodeRequired: setupRequired && !isFromThisMachine(request) };
}

/**
 * Refuses a first-account request that may not go on: 409 when an account exists already, 403
 * with the shared message when it needs the setup code and has none or a wrong one. The insert
 * itself checks again that no account exists (createFirstUser), in its transaction.
 */
export async function checkFirstAccountRequest(ctx: AppContext, request: FastifyRequest, setupCode: string | undefined): Promise<void> {
  const status = await setupStatusOf(ctx, request);
  if (!status.setupRequired) throw new ConflictError(SETUP_MESSAGES.alreadyDone);
  if (!status.setupCodeRequired) return;
  if (setupCode === undefined || setupCode === '') throw new ForbiddenError(SETUP_MESSAGES.setupCodeRequired);
  if (!(await isSetupCode(ctx.database, setupCode))) throw new ForbiddenError(SETUP_MESSAGES.setupCodeWrong);
}
