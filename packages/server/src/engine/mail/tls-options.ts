import net from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import type { EmailSettings } from '@linkloom/shared';

/**
 * The TLS options of a mail connection: the certificate is checked against the trusted
 * authorities (and the host name) unless the user allowed self-signed certificates. SNI is sent
 * only for a host name (RFC 6066 forbids an IP address there).
 */
export function mailTlsOptions(settings: Pick<EmailSettings, 'emailServer' | 'allowSelfSigned'>): ConnectionOptions {
  return {
    host: settings.emailServer,
    ...(net.isIP(settings.emailServer) ? {} : { servername: settings.emailServer }),
    rejectUnauthorized: !settings.allowSelfSigned,
    minVersion: 'TLSv1.2',
  };
}
