import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import {
  checkOutbound, findOutboundRefusal, OutboundRefusedError, outboundPolicy, parseOutboundAllow, setOutboundPolicy,
} from '../../src/platform/egress/outbound-policy';
import { egressConnectTcp, resolveAllowed } from '../../src/platform/egress/egress-connect';
import { egressAgent, egressFetch } from '../../src/platform/egress/egress-dispatcher';

const closed = parseOutboundAllow('');

describe('outbound policy: address classes', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['127.255.0.9', 'loopback'], ['::1', 'loopback'], ['::ffff:127.0.0.1', 'loopback'],
    ['0.0.0.0', 'unspecified'], ['::', 'unspecified'], ['10.1.2.3', 'private'], ['172.16.0.1', 'private'], ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'], ['::ffff:192.168.1.1', 'private'], ['169.254.169.254', 'link-local'], ['fe80::1', 'link-local'],
    ['100.64.0.1', 'shared'], ['fd00::1', 'unique-local'], ['fc00::5', 'unique-local'], ['224.0.0.1', 'multicast'], ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'], ['240.0.0.1', 'reserved'], ['192.0.2.1', 'reserved'], ['64:ff9b::7f00:1', 'reserved'],
    ['2002:7f00:1::', 'reserved'],
  ])('%s is refused as %s', (address, addressClass) => {
    const refusal = checkOutbound(closed, address);
    expect(refusal).toBeInstanceOf(OutboundRefusedError);
    expect(refusal?.addressClass).toBe(addressClass);
    expect(refusal?.message).toContain('OUTBOUND_ALLOW');
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::1111', '172.32.0.1', '100.128.0.1'])('%s (public) is allowed', (address) => {
    expect(checkOutbound(closed, address)).toBeNull();
  });

  it('refuses anything that is not an address (a resolver answer it cannot read)', () => {
    expect(checkOutbound(closed, 'not-an-ip')?.addressClass).toBe('reserved');
  });
});

describe('outbound policy: OUTBOUND_ALLOW', () => {
  it('opens exactly the ranges, addresses and names it lists', () => {
    const policy = parseOutboundAllow(' 10.0.0.0/8, 127.0.0.1 ,fd00::/8, wiki.lan, .corp.example ');
    expect(checkOutbound(policy, '10.9.9.9')).toBeNull();
    expect(checkOutbound(policy, '127.0.0.1')).toBeNull();
    expect(checkOutbound(policy, '::ffff:127.0.0.1')).toBeNull();
    expect(checkOutbound(policy, '127.0.0.2')).not.toBeNull();
    expect(checkOutbound(policy, '192.168.0.1')).not.toBeNull();
    expect(checkOutbound(policy, 'fd12::1')).toBeNull();
    expect(checkOutbound(policy, '192.168.0.7', 'wiki.lan')).toBeNull();
    expect(checkOutbound(policy, '192.168.0.7', 'WIKI.LAN.')).toBeNull();
    expect(checkOutbound(policy, '192.168.0.7', 'a.b.corp.example')).toBeNull();
    expect(checkOutbound(policy, '192.168.0.7', 'corp.example.evil')).not.toBeNull();
    expect(checkOutbound(policy, '192.168.0.7', 'other.lan')).not.toBeNull();
  });

  it('an IPv4-mapped IPv6 range opens the IPv4 addresses it maps', () => {
    expect(checkOutbound(parseOutboundAllow('::ffff:10.0.0.0/104'), '10.1.1.1')).toBeNull();
  });

  it.each(['10.0.0.0/33', 'http://x', 'a b', '1.2.3.4/'])('refuses the unreadable entry %s with its text', (entry) => {
    expect(() => parseOutboundAllow(entry)).toThrow(/OUTBOUND_ALLOW/);
  });

  it('takes the process environment when the server set none', () => {
    expect(checkOutbound(outboundPolicy(), '127.0.0.1')).toBeNull(); // vitest.config.ts opens loopback for the peers
  });
});

describe('outbound connections', () => {
  const connections: string[] = [];
  let server: net.Server;
  let port = 0;
  beforeAll(async () => {
    server = net.createServer((socket) => {
      connections.push(socket.remoteAddress ?? '');
      socket.on('error', () => undefined);
      socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => setOutboundPolicy(parseOutboundAllow(process.env.OUTBOUND_ALLOW)));

  const tcpError = (host: string) => new Promise<Error | null>((resolve) => {
    const socket = egressConnectTcp({ host, port });
    socket.once('error', resolve);
    socket.once('connect', () => {
      socket.destroy();
      resolve(null);
    });
  });

  it('refuses loopback in every spelling, and no connection reaches the listener', async () => {
    setOutboundPolicy(closed);
    for (const host of ['127.0.0.1', 'localhost', '127.1', '2130706433', '0x7f000001', '0177.0.0.1', '::ffff:127.0.0.1', '[::ffff:127.0.0.1]']) {
      const error = await tcpError(host);
      expect(findOutboundRefusal(error), host).toBeInstanceOf(OutboundRefusedError);
    }
    for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `http://2130706433:${port}/`, `http://0x7f.1:${port}/`, `http://[::ffff:7f00:1]:${port}/`]) {
      const error = await egressFetch(url).then(() => null, (e: unknown) => e);
      expect(findOutboundRefusal(error), url).toBeInstanceOf(OutboundRefusedError);
      const viaRequest = await request(url, { dispatcher: egressAgent() }).then(() => null, (e: unknown) => e);
      expect(findOutboundRefusal(viaRequest), url).toBeInstanceOf(OutboundRefusedError);
    }
    await expect(resolveAllowed('localhost')).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(connections).toEqual([]);
  });

  it('connects where OUTBOUND_ALLOW opens it, and only there', async () => {
    setOutboundPolicy(parseOutboundAllow('127.0.0.1'));
    expect(await tcpError('127.0.0.1')).toBeNull();
    expect(await (await egressFetch(`http://localhost:${port}/`)).text()).toBe('ok');
    expect(findOutboundRefusal(await tcpError('127.0.0.2'))).toBeInstanceOf(OutboundRefusedError);
    expect(connections.length).toBe(2);
  });

  it('follows no redirect into a refused range', async () => {
    const redirector = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', () => socket.end(`HTTP/1.1 302 Found\r\nlocation: http://127.0.0.1:${port}/secret\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`));
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.3', resolve));
    const redirectPort = (redirector.address() as net.AddressInfo).port;
    setOutboundPolicy(parseOutboundAllow('127.0.0.3'));
    const before = connections.length;
    const error = await egressFetch(`http://127.0.0.3:${redirectPort}/`).then(() => null, (e: unknown) => e);
    expect(findOutboundRefusal(error)?.address).toBe('127.0.0.1');
    expect(connections.length).toBe(before);
    await new Promise<void>((resolve) => redirector.close(() => resolve()));
  });
});
