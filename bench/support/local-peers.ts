/**
 * The benches' peers (WordPress, MediaWiki, Dovecot, proxies, local pages) listen on loopback, which
 * the outbound policy refuses by default (platform/egress): the benches open it as an operator
 * would with OUTBOUND_ALLOW. Importing this module sets it for the process (and the servers it
 * spawns) unless the caller already set one.
 */
export const LOCAL_PEERS_OUTBOUND_ALLOW = '127.0.0.0/8,::1';

process.env.OUTBOUND_ALLOW ??= LOCAL_PEERS_OUTBOUND_ALLOW;
