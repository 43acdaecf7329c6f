import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { formatSecretKey, generateSecretKey, parseSecretKeys, SecretBox } from './secret-box';

/** Name of the key file made beside the data on first run. */
export const SECRET_KEY_FILE_NAME = 'secret.key';

/** Where the secret keys come from (AppConfig has these fields). */
export interface SecretKeySource {
  /** SECRETS_KEY: `id:base64[,id:base64…]`, first is current; when set, no key file is read or made. */
  secretsKey?: string | undefined;
  /** SECRETS_KEY_FILE: a key file that must exist; default `<dataDir>/secret.key`, made on first run. */
  secretsKeyFile?: string | undefined;
  dataDir: string;
}

const FILE_HEADER = [
  '# LinkLoom secret keys: they encrypt the passwords and API keys stored in the database.',
  '# Back this file up apart from the database: without it those secrets cannot be read.',
  '# One key per line as id:base64; the first is used for new values, all of them open old ones.',
].join('\n');

/** A key id that says when it was made: k20250101a1b2. */
function newKeyId(): string {
  return `k${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(2).toString('hex')}`;
}

/**
 * Writes a new key file (mode 0600) unless one appeared meanwhile: written under a temporary name
 * and linked into place, so of two processes starting at once both end up with the winner's key.
 */
function createKeyFile(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${FILE_HEADER}\n${formatSecretKey(generateSecretKey(newKeyId()))}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.unlinkSync(temporary);
  }
}

/**
 * The key ring of this installation: from SECRETS_KEY when set, else from the key file, which is
 * made (with one fresh key, mode 0600) the first time the default location has none.
 */
export function loadSecretBox(source: SecretKeySource): SecretBox {
  if (source.secretsKey !== undefined && source.secretsKey.trim() !== '') {
    return new SecretBox(parseSecretKeys(source.secretsKey, 'SECRETS_KEY'));
  }
  const file = path.resolve(source.secretsKeyFile ?? path.join(source.dataDir, SECRET_KEY_FILE_NAME));
  if (!fs.existsSync(file)) {
    if (source.secretsKeyFile !== undefined) throw new Error(`SECRETS_KEY_FILE ${file} does not exist (README: Secrets at rest)`);
    createKeyFile(file);
  }
  return new SecretBox(parseSecretKeys(fs.readFileSync(file, 'utf8'), file));
}
