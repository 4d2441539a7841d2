import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isTokenKey } from './token-vault.js';

export const TENANT_TOKEN_KEY_FILE = 'tenant-token.key';

/**
 * The sandbox's TENANT_TOKEN_KEY when none is set: generated at the first start and kept in the data
 * directory (readable by its owner only), so the tokens sealed in the embedded database open after a restart.
 */
export function sandboxTenantTokenKey(dataDir: string): string {
  const file = join(dataDir, TENANT_TOKEN_KEY_FILE);
  let kept: string | undefined;
  try {
    kept = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (kept !== undefined) {
    if (!isTokenKey(kept)) throw new Error(`${file} does not hold a TENANT_TOKEN_KEY (64 hexadecimal characters): remove it to have a new one made.`);
    return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  // 'wx': two starts at once cannot both write one; the mode is set again in case a umask widened it.
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}
