import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertSafeKey, clientPrefix, type FileStorage } from './provider';

/** Files in a directory (UPLOAD_DIR): the default of a local install. */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertSafeKey(key.replace(/\/$/, ''));
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`storage key outside the upload directory: ${key}`);
    return path;
  };

  async function walk(dir: string, prefix: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const keys: string[] = [];
    for (const entry of entries) {
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) keys.push(...(await walk(join(dir, entry.name), `${key}/`)));
      else keys.push(key);
    }
    return keys;
  }

  return {
    kind: 'local',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes, { mode: 0o600 });
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      return walk(pathOf(prefix), prefix.endsWith('/') ? prefix : `${prefix}/`);
    },
    async removeAllFor(clientId) {
      const prefix = clientPrefix(clientId);
      const keys = await this.list(prefix);
      await rm(pathOf(prefix), { recursive: true, force: true });
      return keys.length;
    },
  };
}
