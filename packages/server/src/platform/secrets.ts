import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeOwnerOnlyDir, OWNER_ONLY_FILE } from './files/owner-only';

/**
 * Encrypts secrets Karm must be able to read back (accounting tokens) before they reach the
 * database: AES-256-GCM with a key from SECRETS_KEY, or, without it, a key file made once in
 * DATA_DIR. Several instances must share the same key (set SECRETS_KEY).
 */
export type SecretBox = {
  seal: (plain: string) => string;
  open: (sealed: string) => string;
  /**
   * A key of its own for another purpose (e.g. signing download links), derived from the secrets key
   * with HKDF-SHA256 under `label`, so the raw key serves only the box. The same label gives the
   * same key, also on every instance that shares SECRETS_KEY.
   */
  deriveKey: (label: string) => Buffer;
};

const KEY_BYTES = 32;
const FORMAT = 'v1';

export const createSecretBox = (key: Buffer): SecretBox => {
  if (key.length !== KEY_BYTES) throw new Error(`The secrets key must be ${KEY_BYTES} bytes`);
  const derived = new Map<string, Buffer>();
  return {
    deriveKey: (label) => {
      let derivedKey = derived.get(label);
      if (!derivedKey) {
        derivedKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), label, KEY_BYTES));
        derived.set(label, derivedKey);
      }
      return derivedKey;
    },
    seal: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        FORMAT,
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        data.toString('base64'),
      ].join('.');
    },
    open: (sealed) => {
      const [format, iv, tag, data] = sealed.split('.');
      if (format !== FORMAT || !iv || !tag || !data) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
};

/** The key from SECRETS_KEY (base64), else DATA_DIR/secrets.key, created with owner-only access. */
export const loadSecretsKey = async (configured: string | undefined, dataDir: string) => {
  if (configured) return Buffer.from(configured, 'base64');
  const file = path.join(dataDir, 'secrets.key');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  } catch {
    const key = randomBytes(KEY_BYTES);
    await makeOwnerOnlyDir(dataDir);
    // 'wx' fails if another process made it first; then read theirs.
    await writeFile(file, key.toString('base64'), { mode: OWNER_ONLY_FILE, flag: 'wx' }).catch(
      () => undefined,
    );
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  }
};

/** Shows a secret only by its last four characters. */
export const maskSecret = (secret: string) => (secret.length <= 4 ? '••••' : `••••${secret.slice(-4)}`);
