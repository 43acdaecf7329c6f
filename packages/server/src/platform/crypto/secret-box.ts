import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Third-party secrets at rest (site, account, e-mail and proxy passwords, API keys): AES-256-GCM
 * (authenticated: a changed byte fails to open) under a named key, stored as
 * `enc:v1:<keyId>:<base64url(iv | tag | ciphertext)>`. The key id lets keys rotate: new values
 * are sealed with the current key, older ones open with any key of the ring.
 */
const PREFIX = 'enc:v1:';
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const SEALED = /^enc:v1:([A-Za-z0-9_-]{1,32}):([A-Za-z0-9_-]+)$/;

/** A key of the ring: its id (stored with every value it seals) and its 32 bytes. */
export interface SecretKey {
  id: string;
  key: Buffer;
}

/** A stored secret that cannot be opened: its key is not in the ring, or it was altered. */
export class SecretUnreadableError extends Error {}

/** Does this stored value have the sealed form (whatever key it names)? */
export function isSealed(value: string): boolean {
  return SEALED.test(value);
}

/** The id of the key a sealed value names, or undefined for a plain value. */
export function sealedKeyId(value: string): string | undefined {
  return SEALED.exec(value)?.[1];
}

/**
 * Seals and opens secrets with a key ring: the first key is the current one (used to seal), every
 * key opens what it sealed. Empty strings stay empty (nothing to hide; a proxy without login).
 */
export class SecretBox {
  private readonly byId: ReadonlyMap<string, Buffer>;

  constructor(readonly keys: readonly SecretKey[]) {
    if (keys.length === 0) throw new Error('A secret key ring needs at least one key');
    const byId = new Map<string, Buffer>();
    for (const { id, key } of keys) {
      if (!KEY_ID.test(id)) throw new Error(`Secret key id "${id}" must be 1 to 32 letters, digits, - or _`);
      if (key.length !== KEY_BYTES) throw new Error(`Secret key "${id}" must be ${KEY_BYTES} bytes (it is ${key.length})`);
      if (byId.has(id)) throw new Error(`Secret key id "${id}" appears twice`);
      byId.set(id, key);
    }
    this.byId = byId;
  }

  /** The id of the key new values are sealed with. */
  get currentKeyId(): string {
    return this.keys[0]!.id;
  }

  /** The stored form of a plain value, sealed with the current key ('' stays ''). */
  seal(plain: string): string {
    if (plain === '') return '';
    const { id, key } = this.keys[0]!;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, key, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${id}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
  }

  /**
   * The plain value of a stored one. A value without the sealed form is returned as it is: rows
   * written before encryption (until migration 0014 sealed them) and empty values read unchanged.
   */
  open(stored: string): string {
    const match = SEALED.exec(stored);
    if (!match) return stored;
    const [, id, payload] = match as unknown as [string, string, string];
    const key = this.byId.get(id);
    if (!key) {
      throw new SecretUnreadableError(`A stored secret was sealed with key "${id}", which this server does not have: give it the key file or SECRETS_KEY that holds "${id}" (README: Secrets at rest)`);
    }
    const bytes = Buffer.from(payload, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretUnreadableError(`A stored secret sealed with key "${id}" is truncated`);
    try {
      const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretUnreadableError(`A stored secret sealed with key "${id}" failed its integrity check (altered, or "${id}" is a different key than the one that sealed it)`);
    }
  }

  /** `seal` for a nullable column. */
  sealNullable(plain: string | null): string | null {
    return plain === null ? null : this.seal(plain);
  }

  /** `open` for a nullable column. */
  openNullable(stored: string | null): string | null {
    return stored === null ? null : this.open(stored);
  }

  /** A stored value under the current key: plain values sealed, values of older keys sealed anew, current ones unchanged. */
  reseal(stored: string): string {
    if (stored === '' || sealedKeyId(stored) === this.currentKeyId) return stored;
    return this.seal(this.open(stored));
  }
}

/** A new random key (for a key file made on first run, or `secrets:new-key`). */
export function generateSecretKey(id: string): SecretKey {
  return { id, key: randomBytes(KEY_BYTES) };
}

/** `id:base64` — the form of one key in SECRETS_KEY and in a key file. */
export function formatSecretKey(key: SecretKey): string {
  return `${key.id}:${key.key.toString('base64')}`;
}

/**
 * Keys written as `id:base64` (standard or URL-safe base64 of 32 bytes), separated by commas,
 * spaces or lines; `#` starts a comment line. The first key is the current one. `source` names
 * where they came from in error messages.
 */
export function parseSecretKeys(text: string, source: string): SecretKey[] {
  const entries = text.split(/\r?\n/).filter((line) => !line.trim().startsWith('#')).join(' ').split(/[\s,]+/).filter((entry) => entry !== '');
  if (entries.length === 0) throw new Error(`${source} holds no key: write id:base64 (README: Secrets at rest)`);
  return entries.map((entry) => {
    const colon = entry.indexOf(':');
    if (colon <= 0) throw new Error(`${source}: a key must be written id:base64 (README: Secrets at rest)`);
    const id = entry.slice(0, colon);
    // Node's base64 decoder takes the standard and the URL-safe alphabet alike.
    const key = Buffer.from(entry.slice(colon + 1), 'base64');
    if (!KEY_ID.test(id)) throw new Error(`${source}: key id "${id}" must be 1 to 32 letters, digits, - or _`);
    if (key.length !== KEY_BYTES) throw new Error(`${source}: key "${id}" must be ${KEY_BYTES} random bytes in base64 (it decodes to ${key.length})`);
    return { id, key };
  });
}
