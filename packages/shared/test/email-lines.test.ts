import { describe, expect, it } from 'vitest';
import { EMAIL_LINE_MESSAGES, EMAIL_MESSAGES, emailLineOf, parseEmailLine } from '../src';

describe('email import lines', () => {
  it('reads email:login:password:server:port:protocol:ssl with the dialog defaults', () => {
    expect(parseEmailLine(' Ann@Example.com:ann:pw:mail.example.com:995:POP3:true ')).toEqual({
      ok: true,
      email: {
        address: 'ann@example.com', login: 'ann', password: 'pw', server: 'mail.example.com', port: 995, protocol: 'pop3',
        ssl: true, startTls: false, allowSelfSigned: false, checkSpamFolder: false, spamFolderName: '',
      },
    });
  });

  it('keeps colons of the password, and reads starttls', () => {
    const line = parseEmailLine('bob@x.org:bob:a:b::c:imap.x.org:143:imap:starttls');
    expect(line).toMatchObject({ ok: true, email: { password: 'a:b::c', port: 143, protocol: 'imap', ssl: false, startTls: true } });
    if (line.ok) expect(emailLineOf(line.email)).toBe('bob@x.org:bob:a:b::c:imap.x.org:143:IMAP:starttls');
  });

  it('says what is wrong with a line', () => {
    expect(parseEmailLine('a@b.c:a:pw:server:995:pop3')).toEqual({ ok: false, message: EMAIL_LINE_MESSAGES.fieldCount });
    expect(parseEmailLine('a@b.c:a:pw:server:99x:pop3:true')).toEqual({ ok: false, message: EMAIL_LINE_MESSAGES.port });
    expect(parseEmailLine('a@b.c:a:pw:server:70000:pop3:true')).toEqual({ ok: false, message: EMAIL_MESSAGES.portRange });
    expect(parseEmailLine('a@b.c:a:pw:server:995:smtp:true')).toEqual({ ok: false, message: EMAIL_LINE_MESSAGES.protocol });
    expect(parseEmailLine('a@b.c:a:pw:server:995:pop3:yes')).toEqual({ ok: false, message: EMAIL_LINE_MESSAGES.ssl });
    expect(parseEmailLine('not-an-address:a:pw:server:995:pop3:true')).toEqual({ ok: false, message: EMAIL_MESSAGES.addressInvalid });
    expect(parseEmailLine('a@b.c:a::server:995:pop3:true')).toEqual({ ok: false, message: EMAIL_MESSAGES.passwordRequired });
  });
});
