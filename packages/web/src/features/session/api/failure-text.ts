import { ErrorResponseSchema, LOGIN_MESSAGES, LoginResponseSchema } from '@linkloom/shared';
import { problemLines } from '@/lib/http-error';

/**
 * What the login screen shows for a failed login answer (spec 1, section 4 "Login"): the status
 * text the server returned (wrong credentials, too many attempts), else the error body's message
 * (validation), else 'Server Error' (no answer, or one that is not our JSON).
 */
export function loginFailureText(body: unknown): string {
  const answer = LoginResponseSchema.safeParse(body);
  if (answer.success && answer.data.status.trim() !== '' && answer.data.status !== LOGIN_MESSAGES.ok) {
    return answer.data.status;
  }
  const error = ErrorResponseSchema.safeParse(body);
  if (error.success) return error.data.error.message;
  return LOGIN_MESSAGES.serverError;
}

/** The lines the setup screen shows for a failed answer: the message, then each detail. */
export function setupFailureLines(body: unknown): string[] {
  const error = ErrorResponseSchema.safeParse(body);
  if (!error.success) return [LOGIN_MESSAGES.serverError];
  return problemLines(error.data.error.message, error.data.error.details);
}
