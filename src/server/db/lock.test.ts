import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectoryLockedError, lockDirectory } from './lock';

const root = mkdtempSync(join(tmpdir(), 'koppel-lock-unit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A pid that belonged to a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('lockDirectory', () => {
  it('writes our pid, refuses a live holder, and removes the lock on release', () => {
    const dir = join(root, 'a');
    const lock = lockDirectory(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    // A live holder that is not us: our parent process.
    writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => lockDirectory(dir)).toThrow(DirectoryLockedError);
    writeFileSync(`${dir}.lock`, String(process.pid));
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('takes over a lock left by a process that died', () => {
    const dir = join(root, 'b');
    writeFileSync(`${dir}.lock`, String(deadPid()));
    const lock = lockDirectory(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an unreadable lock file and leaves no temporary files', () => {
    const dir = join(root, 'c');
    writeFileSync(`${dir}.lock`, 'kapot');
    const lock = lockDirectory(dir);
    lock.release();
    expect(spawnSync('ls', [root]).stdout.toString()).not.toMatch(/c\.lock\./);
  });

  it('refuses a symlink to a directory another server holds, and a path through a symlinked parent', () => {
    const real = join(root, 'd');
    mkdirSync(real);
    // A live holder that is not us (our parent process) has the real directory.
    writeFileSync(`${real}.lock`, String(process.ppid));
    const link = join(root, 'd-link');
    symlinkSync(real, link);
    expect(() => lockDirectory(link)).toThrow(DirectoryLockedError);
    expect(existsSync(`${link}.lock`)).toBe(false);

    const parentLink = join(root, 'root-link');
    symlinkSync(root, parentLink);
    expect(() => lockDirectory(join(parentLink, 'd'))).toThrow(DirectoryLockedError);
    expect(() => lockDirectory(join(parentLink, 'd-link'))).toThrow(DirectoryLockedError);
    rmSync(`${real}.lock`);
  });

  it('locks the target of a symlink whose directory does not exist yet', () => {
    const target = join(root, 'e');
    const link = join(root, 'e-link');
    symlinkSync(target, link);
    const lock = lockDirectory(link);
    expect(readFileSync(`${target}.lock`, 'utf8')).toBe(String(process.pid));
    writeFileSync(`${target}.lock`, String(process.ppid));
    expect(() => lockDirectory(target)).toThrow(DirectoryLockedError);
    writeFileSync(`${target}.lock`, String(process.pid));
    lock.release();
    expect(existsSync(`${target}.lock`)).toBe(false);
  });
});
