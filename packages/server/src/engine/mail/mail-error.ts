import { MAIL_ERROR_MESSAGES, type EmailSettings, type MailErrorKind } from '@linkloom/shared';

/** A mail failure sorted into a kind the user can act on, with the message to show them. */
export class MailError extends Error {
  constructor(readonly kind: MailErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailError';
  }
}

/** Node's codes of a certificate no trusted authority vouches for (self-signed, unknown issuer, expired, wrong name). */
const UNTRUSTED_CERTIFICATE = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'UNABLE_TO_GET_ISSUER_CERT', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID', 'CERT_UNTRUSTED', 'CERT_REJECTED',
]);
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNRESET', 'EPIPE', 'ENOENT']);
const TIMEOUT = new Set(['ETIMEDOUT', 'ETIMEOUT', 'CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'ESOCKETTIMEDOUT']);

function codeOf(error: unknown): string {
  if (!error || typeof error !== 'object') return '';
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : '';
}

function textOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Sorts any error of a mail session into a MailError (Twenty's parse-imap-error idea): wrong login,
 * unreachable host, an untrusted or failed TLS, timeout, or an unexpected answer. A MailError
 * passes through as it is.
 */
export function toMailError(error: unknown, settings: Pick<EmailSettings, 'emailServer' | 'emailServerPort' | 'emailLogin'>, timeoutMs: number): MailError {
  if (error instanceof MailError) return error;
  const code = codeOf(error);
  const text = textOf(error);
  const options = { cause: error };
  if ((error as { authenticationFailed?: unknown } | null)?.authenticationFailed === true) {
    return new MailError('auth', MAIL_ERROR_MESSAGES.auth(settings.emailLogin), options);
  }
  if (UNTRUSTED_CERTIFICATE.has(code)) return new MailError('tls', MAIL_ERROR_MESSAGES.untrusted(text), options);
  if (TIMEOUT.has(code) || /timed? ?out/i.test(text)) return new MailError('timeout', MAIL_ERROR_MESSAGES.timeout(Math.round(timeoutMs / 1000)), options);
  if (UNREACHABLE.has(code)) return new MailError('unreachable', MAIL_ERROR_MESSAGES.unreachable(settings.emailServer, settings.emailServerPort), options);
  if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || /SSL routines|wrong version number|handshake/i.test(text)) {
    return new MailError('tls', MAIL_ERROR_MESSAGES.tls(text), options);
  }
  return new MailError('protocol', MAIL_ERROR_MESSAGES.protocol(text), options);
}
