import type { AppContext } from '../../app-context';
import { findProject, readEngineOptions } from '../seams';
import { JOB, type EngineJob } from '../jobs/job-names';
import { moveVerificationStatus, returnStatusOf, sendMailVerifyLater } from './verification-status';
import { runVerificationPass } from './verification-pass';

/**
 * `mail.verify` {ownerId, projectId}: drives an account creation project's Verify mail
 * (spec 1 §4): STARTING_VERIFYING → VERIFYING, verification passes, then back to the status the
 * project had before; a STOPPING_VERIFYING project goes back at once. Every move is a
 * compare-and-set, so a Stop verifying racing the pass wins cleanly and the project never stays in
 * a verifying status with nothing to move it on.
 *
 * The pass (verification-pass.ts): every account of the project's profile is looked up in its
 * mailbox and its confirmation link followed; the outcome becomes verificationInfo.status. While
 * some account's mail has not come, the project stays VERIFYING and the next pass is sent for
 * waitForVerifyEmailSchedule minutes later (the user's option); Stop verifying ends it.
 */
export function verifyMailJob(ctx: AppContext): EngineJob<'mail.verify'> {
  return {
    name: JOB.mailVerify,
    handler: async (job) => {
      const { ownerId, projectId } = job.payload;
      // A Stop verifying sent while this run is on joins it (one job per project): each lost
      // compare-and-set reads the project again and carries on from its new status.
      let passed = false;
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const project = await findProject(ctx.database.db, ownerId, projectId);
        if (!project) return;
        if (project.status === 'STARTING_VERIFYING') {
          await moveVerificationStatus(ctx, ownerId, project, 'VERIFYING');
          continue;
        }
        if (project.status !== 'VERIFYING' && project.status !== 'STOPPING_VERIFYING') return;
        if (project.status === 'VERIFYING' && !passed) {
          passed = true;
          const pass = await runVerificationPass(ctx, ownerId, project);
          if (pass.waiting > 0) {
            // Mail still to come: look again in waitForVerifyEmailSchedule minutes, staying VERIFYING
            // (the outlook says for how many accounts and when).
            const { waitForVerifyEmailSchedule } = await readEngineOptions(ctx.database.db, ownerId);
            const at = await sendMailVerifyLater(ctx, ownerId, projectId, waitForVerifyEmailSchedule * 60_000);
            await ctx.database.db.updateTable('projects').set({ mail_wait_until: at, mail_waiting: pass.waiting })
              .where('id', '=', projectId).where('owner_id', '=', ownerId).execute();
            return;
          }
          await ctx.database.db.updateTable('projects').set({ mail_wait_until: null, mail_waiting: 0 })
            .where('id', '=', projectId).where('owner_id', '=', ownerId).execute();
          continue;
        }
        const back = await returnStatusOf(ctx, ownerId, projectId);
        if (await moveVerificationStatus(ctx, ownerId, project, back, null)) return;
      }
      throw new Error(`Verify mail of project ${projectId}: its status kept changing`);
    },
    // A pass reads one mailbox per account, each bounded by the mail timeout.
    options: { concurrency: 4, timeoutSeconds: 1800 },
  };
}
