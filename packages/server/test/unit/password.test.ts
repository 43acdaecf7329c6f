import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/platform/auth/password';

describe('password hashing', () => {
  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct hors', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('treats a malformed stored hash as a mismatch', async () => {
    for (const stored of ['', 'plain', 'bcrypt$x$y', 'scrypt$1$8$1$$']) expect(await verifyPassword('x', stored)).toBe(false);
  });
});
