import { MAIL_ERROR_MESSAGES, type EmailSettings, type MailErrorKind } from '@linkloom/shared';
import { findOutboundRefusal } from '../../platform/egress/outbound-policy';
import { sizeText } from './mail-limits';

/** A mail failure sorted into a kind the user can act on, with the message to show them. */
export class MailError extends Error {
  constructor(readonly kind: MailErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailError';
  }
}

/** What a mail session was: where it went and how long it may be silent (for the messages). */
export interface MailContext {
  settings: Pick<EmailSettings, 'emailServer' | 'emailServerPort' | 'emailLogin' | 'mailProtocol'>;
  idleMs: number;
}

/** Node's codes of a certificate no trusted authority vouches for, each in a few words of ours. */
const UNTRUSTED_CERTIFICATE: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'a self-signed certificate is in its chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'no trusted authority signed it',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'no trusted authority signed it',
  UNABLE_TO_GET_ISSUER_CERT: 'no trusted authority signed it',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it was issued for another name',
  CERT_UNTRUSTED: 'no trusted authority signed it',
  CERT_REJECTED: 'it was rejected',
};
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNRESET', 'EPIPE', 'ENOENT']);
const TIMEOUT = new Set(['ETIMEDOUT', 'ETIMEOUT', 'CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT', 'ESOCKETTIMEDOUT']);
/** imapflow: the connection went away under a command (the server closed it, or a parse failure closed it). */
const CLOSED = new Set(['NoConnection', 'EConnectionClosed', 'ClosedAfterConnectText', 'ClosedAfterConnectTLS', 'StateLogout']);

function codeOf(error: unknown): string {
  if (!error || typeof error !== 'object') return '';
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : '';
}

/** imapflow's size limits, each said in our words with the limit it passed (never the data itself). */
function imapLimitText(error: unknown, code: string): string | null {
  const max = (error as { maxSize?: unknown }).maxSize;
  const limit = typeof max === 'number' && Number.isFinite(max) ? sizeText(max) : 'the limit';
  if (code === 'LineTooLarge') return `a line over ${limit}`;
  if (code === 'LiteralTooLarge') return `a message over ${limit}`;
  if (code === 'ResponseTooLarge') return `an answer over ${limit}`;
  if (code === 'TooManyTokens' || code === 'TooManyResponses' || code === 'MAX_IMAP_NESTING_REACHED') return 'an answer of too many parts';
  return null;
}

/**
 * Sorts any error of a mail session into a MailError (Twenty's parse-imap-error idea): refused by
 * the outbound policy, wrong login, unreachable, an untrusted or failed TLS, timeout, a size cap
 * passed, a connection closed, a command refused — else §8's "Unknown error". The messages are
 * ours alone: the server's greeting, banner and error texts (which a hostile or wrong server
 * fills with whatever it likes) are never shown. A MailError passes through as it is.
 */
export function toMailError(error: unknown, context: MailContext): MailError {
  if (error instanceof MailError) return error;
  const { settings } = context;
  const options = { cause: error };
  const refusal = findOutboundRefusal(error);
  if (refusal) return new MailError('refused', refusal.message, options);
  if ((error as { authenticationFailed?: unknown } | null)?.authenticationFailed === true) {
    return new MailError('auth', MAIL_ERROR_MESSAGES.auth(settings.emailLogin), options);
  }
  const code = codeOf(error);
  const untrusted = UNTRUSTED_CERTIFICATE[code];
  if (untrusted) return new MailError('tls', MAIL_ERROR_MESSAGES.untrusted(untrusted), options);
  if (TIMEOUT.has(code)) return new MailError('timeout', MAIL_ERROR_MESSAGES.timeout(Math.round(context.idleMs / 1000)), options);
  if (UNREACHABLE.has(code)) return new MailError('unreachable', MAIL_ERROR_MESSAGES.unreachable(settings.emailServer, settings.emailServerPort), options);
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG') {
    return new MailError('tls', MAIL_ERROR_MESSAGES.tls('the server does not speak TLS on this port'), options);
  }
  if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS')) return new MailError('tls', MAIL_ERROR_MESSAGES.tls('the TLS handshake failed'), options);
  const tooLarge = imapLimitText(error, code);
  if (tooLarge) return new MailError('too-large', MAIL_ERROR_MESSAGES.tooLarge(tooLarge), options);
  if (CLOSED.has(code)) return new MailError('protocol', MAIL_ERROR_MESSAGES.closed, options);
  if (refusedOrGarbled(error, code)) return new MailError('protocol', MAIL_ERROR_MESSAGES.protocol('an answer'), options);
  return new MailError('unknown', MAIL_ERROR_MESSAGES.unknown, options);
}

/** imapflow: a command answered NO or BAD, or an answer it could not parse (the server's text stays out). */
function refusedOrGarbled(error: unknown, code: string): boolean {
  const { responseStatus } = (error ?? {}) as { responseStatus?: unknown };
  if (responseStatus === 'NO' || responseStatus === 'BAD') return true;
  return code.startsWith('ParserError') || code === 'InvalidResponse' || code === 'UnexpectedTag' || code === 'MissingTag';
}
