/**
 * Where uploaded files (the clients' photos) live: a directory under UPLOAD_DIR on a local install,
 * or an S3-compatible bucket (`STORAGE=s3`). Keys are paths like `photos/<clientId>/<photoId>/small.jpg`;
 * everything of one client lives under `photos/<clientId>/`.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  remove(key: string): Promise<void>;
  /** Every file of one client (account deletion); returns how many were removed. */
  removeAllFor(clientId: string): Promise<number>;
  /** The keys under a prefix (tests, the deletion check). */
  list(prefix: string): Promise<string[]>;
}

/** The folder of one client's files. */
export const clientPrefix = (clientId: string) => `photos/${clientId}/`;

const SAFE_SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Keys are built by us, but a key with `..` or an odd character must never reach a path or URL. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (
    segments.length === 0 ||
    segments.some((segment) => !SAFE_SEGMENT.test(segment) || segment === '.' || segment === '..')
  ) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
