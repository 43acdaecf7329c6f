/** What went wrong in an SMTP session, in kinds the operator or the user can act on. */
export type SmtpErrorKind = 'unreachable' | 'timeout' | 'tls' | 'auth' | 'rejected' | 'protocol';

/**
 * An SMTP failure with our message (the server's own reply text never lands here: it names the
 * command and the reply code only). `permanent`: trying again will not help (a 5xx reply, a
 * refused login, an untrusted certificate); else the delivery may be retried later.
 */
export class SmtpError extends Error {
  constructor(readonly kind: SmtpErrorKind, message: string, readonly permanent: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmtpError';
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNRESET', 'EPIPE']);

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** Any error of a session as an SmtpError (an SmtpError passes through as it is). */
export function toSmtpError(error: unknown, server: string): SmtpError {
  if (error instanceof SmtpError) return error;
  const code = codeOf(error);
  const options = { cause: error };
  if (code === 'ETIMEDOUT' || (error instanceof Error && error.name === 'TimeoutError')) {
    return new SmtpError('timeout', `The SMTP server ${server} stopped answering`, false, options);
  }
  if (UNREACHABLE.has(code)) return new SmtpError('unreachable', `The SMTP server ${server} could not be reached (${code})`, false, options);
  if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || code.includes('CERT') || code.includes('SIGNATURE') || code.includes('SELF_SIGNED')) {
    return new SmtpError('tls', `The TLS connection to the SMTP server ${server} failed (${code}): check SMTP_TLS, or SMTP_ALLOW_SELF_SIGNED for a self-signed certificate`, true, options);
  }
  if (error instanceof Error && error.name === 'AbortError') return new SmtpError('timeout', `Sending through ${server} was cut short`, false, options);
  return new SmtpError('protocol', `The SMTP session with ${server} failed${code ? ` (${code})` : ''}`, false, options);
}
