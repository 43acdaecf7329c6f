import type { EmailSettings, EmailTestResult } from '@linkloom/shared';
import { MailError, testMailLogin } from '../../engine/entry-points';
import { HttpError } from '../../platform/http/errors';

/**
 * POST /action/email/test_login: a real login through the outbound policy, within the test login's
 * caps; a mail failure answers 422 with the message to act on (ours: never the server's text).
 */
export async function testEmailLogin(settings: EmailSettings): Promise<EmailTestResult> {
  try {
    return await testMailLogin(settings);
  } catch (error) {
    if (error instanceof MailError) throw new HttpError(422, error.message);
    throw error;
  }
}
