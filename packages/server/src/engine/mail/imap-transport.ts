import type { Duplex } from 'node:stream';
import type { ImapTransport, ImapTransportSocket } from 'imapflow';
import type { EmailSettings } from '@linkloom/shared';
import { egressConnectTcp, egressConnectTls } from '../../platform/egress/egress-connect';
import type { MailSessionGuard } from './mail-session-guard';
import { mailTlsOptions } from './tls-options';

/**
 * imapflow's sockets, opened through the outbound policy (its `transport` option): the host is
 * resolved and the address really connected to is checked (a refusal is the socket's 'error',
 * which imapflow's connect() rejects with), implicit TLS and STARTTLS take the user's host name
 * for SNI and the certificate check, and every byte the server sends is counted by the session's
 * guard before imapflow parses it. imapflow's own host, port and `tls` options are not used:
 * the settings alone decide where the session goes and how TLS is checked.
 */
export function egressImapTransport(settings: EmailSettings, guard: MailSessionGuard): ImapTransport {
  let detachPlain: (() => void) | null = null;
  return {
    connect(options, onConnect): ImapTransportSocket {
      if (options.secure) {
        const socket = egressConnectTls({ port: settings.emailServerPort, ...mailTlsOptions(settings) });
        socket.once('secureConnect', onConnect);
        guard.meter(socket);
        return socket;
      }
      const socket = egressConnectTcp({ host: settings.emailServer, port: settings.emailServerPort });
      socket.once('connect', onConnect);
      detachPlain = guard.meter(socket);
      return socket;
    },
    upgrade(plain: Duplex, _options, onSecure): ImapTransportSocket {
      // After STARTTLS the plain socket only carries TLS records: the TLS socket's bytes are counted instead.
      detachPlain?.();
      const socket = egressConnectTls({ socket: plain, ...mailTlsOptions(settings) });
      socket.once('secureConnect', onSecure);
      guard.meter(socket);
      return socket;
    },
  };
}
