import {
  linkSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export class DirectoryLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(
      `De database in ${directory} is al in gebruik door een andere Koppel-server (proces ${pid}). ` +
        'Stop die server eerst, of kies een andere PGLITE_DIR. ' +
        `(The database in ${directory} is already in use by another Koppel server, process ${pid}.)`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const readPid = (file: string) => Number.parseInt(readFileSync(file, 'utf8'), 10);

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * The path with every symlink resolved, also when its last parts do not exist yet (a first start,
 * or a symlink to a directory PGlite has still to create): two names for one directory must give
 * one lock file.
 */
function realPath(path: string, depth = 0): string {
  try {
    return realpathSync(path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT' || depth > 40) throw error;
  }
  try {
    // A symlink whose target does not exist yet: follow it by hand.
    return realPath(resolve(dirname(path), readlinkSync(path)), depth + 1);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT' && errorCode(error) !== 'EINVAL') throw error;
  }
  return join(realPath(dirname(path), depth + 1), basename(path));
}

/**
 * PGlite has no lock of its own: two processes on one data directory silently lose writes.
 * This takes an exclusive lock file beside the directory (`<dir>.lock`, holding our pid) before
 * PGlite opens it. `<dir>` is the directory's real path, so a symlink to a locked directory is
 * refused like the directory itself. The file is created complete and atomically (written under a
 * private name, then hard-linked to the lock name, which fails if it exists). A lock whose process
 * is gone is moved aside atomically and checked again before it is replaced, so two starters
 * racing for a stale lock cannot both win.
 */
export function lockDirectory(directory: string): { release(): void } {
  const lockFile = `${realPath(resolve(directory))}.lock`;
  mkdirSync(dirname(lockFile), { recursive: true });
  const mine = `${lockFile}.${process.pid}.${Date.now()}`;
  writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, lockFile);
        return releaser(lockFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      let content: string;
      try {
        content = readFileSync(lockFile, 'utf8');
      } catch {
        continue; // released in the meantime: try again
      }
      const holder = Number.parseInt(content, 10);
      if (Number.isInteger(holder) && isAlive(holder) && holder !== process.pid) {
        throw new DirectoryLockedError(directory, holder);
      }
      const aside = `${lockFile}.stale.${process.pid}.${attempt}`;
      try {
        renameSync(lockFile, aside);
      } catch {
        continue; // another starter moved it first
      }
      if (readFileSync(aside, 'utf8') !== content) {
        // We moved a fresh lock that replaced the stale one: put it back and give way.
        try {
          linkSync(aside, lockFile);
        } catch {
          // someone else holds it now; the loop reads them next
        }
      }
      unlinkSync(aside);
    }
    throw new Error(`Could not lock ${directory}`);
  } finally {
    unlinkSync(mine);
  }
}

function releaser(lockFile: string) {
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      try {
        if (readPid(lockFile) === process.pid) unlinkSync(lockFile);
      } catch {
        // already gone: nothing to release
      }
    },
  };
}
