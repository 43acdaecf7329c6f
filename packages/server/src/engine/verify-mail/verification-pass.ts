import {
  emailSettingsOf, MAIL_ERROR_MESSAGES, type AccountCreationForm, type EmailSettings,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import {
  findCatchAll, findEmailsByAddress, presentUserEmail, projectSettings, readEngineOptions, readProjectForm, updateProjectForm,
  type ProjectRecord,
} from '../seams';
import { confirmByMail, deleteHandledMail, type LinkFetch } from '../mail/confirm-by-mail';
import { accountsToVerify, forgetHandledMail, markVerified } from './verified-accounts.repository';
import { MailError } from '../mail/mail-error';
import { egressFetch } from '../../platform/egress/egress-dispatcher';
import { findOutboundRefusal } from '../../platform/egress/outbound-policy';

/** What a pass came to: the status line, and how many accounts still wait for their mail. */
export interface VerificationPass {
  status: string;
  waiting: number;
}

/** How far back a confirmation mail is looked for (MediaWiki's links last 7 days). */
const LOOK_BACK_MS = 7 * 86_400_000;
/** Most accounts one pass confirms (the rest wait for the next pass). */
const PASS_MAX_ACCOUNTS = 500;
/** Reasons listed in the status line (the rest are counted). */
const LISTED_REASONS = 5;

/** How long the site may take to answer its confirmation link. */
const LINK_TIMEOUT_MS = 30_000;

/**
 * Follows a confirmation link through the outbound policy (the link, and every redirect, came from
 * a mail); a failure is a short reason of ours: the policy's refusal, a timeout, or unreachable.
 */
const fetchLink: LinkFetch = async (url) => {
  try {
    const answer = await egressFetch(url, { redirect: 'follow', signal: AbortSignal.timeout(LINK_TIMEOUT_MS) });
    await answer.body?.cancel();
    return { status: answer.status };
  } catch (error) {
    const refusal = findOutboundRefusal(error);
    if (refusal) throw new Error(refusal.message, { cause: error });
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new Error(`The site did not answer the confirmation link within ${LINK_TIMEOUT_MS / 1000} s`, { cause: error });
    }
    throw new Error('The site could not be reached to follow the confirmation link', { cause: error });
  }
};

function siteUrlOf(siteName: string): string {
  return /^https?:\/\//i.test(siteName) ? siteName : `http://${siteName}`;
}

/**
 * The mailbox an account's mail lands in: MANUAL → the project's verification mailbox; otherwise
 * the email manager's mailbox of that address, else the catch-all whose domain it is.
 */
async function mailboxFor(ctx: AppContext, ownerId: number, form: AccountCreationForm, email: string): Promise<EmailSettings | null> {
  if (form.emailSource === 'MANUAL') {
    const info = form.verificationInfo;
    if (info.mailProtocol === null || info.emailServerPort === null) return null;
    return {
      emailAddress: info.emailAddress, emailLogin: info.emailLogin, emailPassword: info.emailPassword, emailServer: info.emailServer,
      emailServerPort: info.emailServerPort, mailProtocol: info.mailProtocol, SSL: info.SSL, startTls: info.startTls, allowSelfSigned: info.allowSelfSigned,
      checkSpamFolder: info.checkSpamFolder, spamFolderName: info.spamFolderName,
    };
  }
  const [own] = await findEmailsByAddress(ctx.database.db, ownerId, [email.toLowerCase()]);
  if (own) return emailSettingsOf(presentUserEmail(own));
  const catchAll = await findCatchAll(ctx.database.db, ownerId);
  const domain = email.slice(email.lastIndexOf('@')).toLowerCase();
  return catchAll && catchAll.address.toLowerCase().endsWith(domain) ? emailSettingsOf(presentUserEmail(catchAll)) : null;
}

/** One mailbox of a pass: its settings, and the handled POP3 mails old enough to go (by account). */
interface PassMailbox {
  settings: EmailSettings;
  pop3Uids: Map<string, number>;
}

function mailboxKey(settings: EmailSettings): string {
  return [settings.mailProtocol, settings.emailServer.toLowerCase(), settings.emailServerPort, settings.emailLogin].join('\u0000');
}

/**
 * One Verify mail pass over an account creation project (issue 14.5): for each account of its
 * profile not verified yet, the site's confirmation mail is looked for in the account's mailbox
 * and its link followed (engine/mail/confirm-by-mail.ts); a followed link records the account
 * verified (accounts.verified_at, which the account grid shows). An unreachable mailbox is that
 * account's reason, never a stuck project. Then each mailbox of the pass is cleaned: the handled
 * mails older than daysToDeleteMails are deleted (IMAP: marked handled, found by SEARCH; POP3:
 * DELE of the UIDLs recorded with the accounts). The outcome is written as the project's
 * verificationInfo.status (the Email tab shows it) and pushed as verificationProgressed; the line
 * and the count of accounts still waiting for their mail are answered.
 */
export async function runVerificationPass(ctx: AppContext, ownerId: number, project: ProjectRecord, now: () => number = Date.now): Promise<VerificationPass> {
  const { db } = ctx.database;
  const stored = await projectSettings(db, ownerId, project.id);
  if (stored === undefined) return { status: '', waiting: 0 };
  const { form } = readProjectForm('acproject', stored) as { form: AccountCreationForm };
  const reasons: string[] = [];
  let confirmed = 0;
  let total = 0;
  let waiting = 0;
  if (form.profileId !== null) {
    const { daysToDeleteMails } = await readEngineOptions(db, ownerId);
    const deleteBefore = now() - daysToDeleteMails * 86_400_000;
    const mailboxes = new Map<string, PassMailbox>();
    for (const account of await accountsToVerify(db, ownerId, form.profileId, PASS_MAX_ACCOUNTS)) {
      total += 1;
      const mailbox = await mailboxFor(ctx, ownerId, form, account.email);
      if (!mailbox) {
        if (account.verified_at !== null) confirmed += 1;
        else reasons.push(`${account.email}: no mailbox for this address in the email manager`);
        continue;
      }
      const key = mailboxKey(mailbox);
      const seen = mailboxes.get(key) ?? { settings: mailbox, pop3Uids: new Map<string, number>() };
      mailboxes.set(key, seen);
      if (account.verified_at !== null) {
        confirmed += 1;
        if (account.verify_mail_uid !== null && account.verified_at < deleteBefore) seen.pop3Uids.set(account.verify_mail_uid, account.id);
        continue;
      }
      try {
        const outcome = await confirmByMail(mailbox, { email: account.email, siteUrl: siteUrlOf(account.site_name), since: new Date(now() - LOOK_BACK_MS) }, fetchLink);
        if (outcome.state === 'confirmed') {
          confirmed += 1;
          await markVerified(db, ownerId, account.id, now(), outcome.pop3Uid);
        } else if (outcome.state === 'waiting') {
          waiting += 1;
          reasons.push(`${account.email} (${account.site_name}): no confirmation mail yet`);
        }
        else if (outcome.state === 'no-link') reasons.push(`${account.email} (${account.site_name}): the mail has no link to the site`);
        else reasons.push(`${account.email} (${account.site_name}): ${outcome.reason}`);
      } catch (error) {
        // A MailError is already a reason in our words; anything else is not shown as it is.
        reasons.push(`${account.email}: ${error instanceof MailError ? error.message : MAIL_ERROR_MESSAGES.unknown}`);
      }
    }
    await deleteOldHandledMail(ctx, ownerId, [...mailboxes.values()], new Date(deleteBefore));
  }
  const more = reasons.length > LISTED_REASONS ? [`and ${reasons.length - LISTED_REASONS} more`] : [];
  const status = [`Verified ${confirmed} of ${total} account${total === 1 ? '' : 's'}`, ...reasons.slice(0, LISTED_REASONS), ...more].join('; ');
  const settings = JSON.parse(stored) as { verificationInfo?: Record<string, unknown> };
  settings.verificationInfo = { ...settings.verificationInfo, status };
  await updateProjectForm(db, ownerId, project.id, 'VERIFYING', { settings: JSON.stringify(settings) });
  ctx.live?.publish(ownerId, `project/${project.id}`, 'verificationProgressed', { projectId: project.id, status });
  return { status, waiting };
}

/**
 * The handled mails older than daysToDeleteMails go, mailbox by mailbox (IMAP: every one marked
 * handled; POP3: the recorded UIDLs). A mailbox that cannot be reached now is tried on the next
 * pass: its failure is no account's reason.
 */
async function deleteOldHandledMail(ctx: AppContext, ownerId: number, mailboxes: readonly PassMailbox[], before: Date): Promise<void> {
  for (const mailbox of mailboxes) {
    if (mailbox.settings.mailProtocol !== 'imap' && mailbox.pop3Uids.size === 0) continue;
    try {
      const { goneUids } = await deleteHandledMail(mailbox.settings, { before, pop3Uids: [...mailbox.pop3Uids.keys()] });
      await forgetHandledMail(ctx.database.db, ownerId, goneUids.map((uid) => mailbox.pop3Uids.get(uid)!).filter((id) => id !== undefined));
    } catch {
      // Unreachable now: the next pass deletes them.
    }
  }
}
