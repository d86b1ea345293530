import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

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

/**
 * PGlite has no lock of its own: two processes on one data directory silently lose writes.
 * This takes an exclusive lock file beside the directory (`<dir>.lock`, holding our pid) before
 * PGlite opens it; a lock left by a dead process is taken over.
 */
export function lockDirectory(directory: string): { release(): void } {
  const lockFile = `${directory}.lock`;
  mkdirSync(dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(lockFile);
          } catch {
            // already gone: nothing to release
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DirectoryLockedError(directory, holder);
      }
      unlinkSync(lockFile);
    }
  }
  throw new Error(`Could not lock ${directory}`);
}
