import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Issue 31 (decision 056): better-auth keeps the state of each of its calls in AsyncLocalStorage.
 * On Node 20 an enabled storage runs a hook on every promise the process makes, whichever request
 * makes it; better-auth's storages were enabled by its first call at start (the OpenAPI schema)
 * and stayed so, and the hooks took about a sixth of the health route's CPU. A storage is needed
 * only while a call of better-auth runs: every call goes through `duringAuthCall`, and when the
 * last call under way ends the storages are disabled. The next call's `run` enables them again.
 */

/** Where better-auth keeps its storages (one object per process, whatever copy of it runs). */
const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');

/** The storages of our own auth hooks (`authCallStorage`). */
const ownStorages: AsyncLocalStorage<unknown>[] = [];

/** A storage for state of our own within a call of better-auth, disabled with better-auth's. */
export function authCallStorage<T>(): AsyncLocalStorage<T> {
  const storage = new AsyncLocalStorage<T>();
  ownStorages.push(storage as AsyncLocalStorage<unknown>);
  return storage;
}

/** The storages of better-auth and of our auth hooks: everything that runs inside a call. */
function authStorages(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    BETTER_AUTH_GLOBAL
  ];
  const theirs = Object.values(global?.context ?? {}).filter(
    (value): value is AsyncLocalStorage<unknown> => value instanceof AsyncLocalStorage,
  );
  return [...theirs, ...ownStorages];
}

/** Calls of better-auth under way in this process (the hooks are the process's, not an app's). */
let running = 0;

/** `work` (a call of better-auth), after which the storages are disabled if no other call runs. */
export async function duringAuthCall<T>(work: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await work();
  } finally {
    running--;
    if (running === 0) for (const storage of authStorages()) storage.disable();
  }
}

/** better-auth's `api`, each endpoint called through `duringAuthCall` (its own fields kept). */
export function gatedApi<Api extends object>(api: Api): Api {
  const gated: Record<string, unknown> = {};
  for (const [name, endpoint] of Object.entries(api)) {
    gated[name] =
      typeof endpoint === 'function'
        ? Object.assign(
            (...args: unknown[]) => duringAuthCall(() => Promise.resolve(endpoint(...args))),
            endpoint,
          )
        : endpoint;
  }
  return gated as Api;
}

/** Whether any storage of an auth call is enabled (for the test that none stays so). */
export function authStoragesEnabled(): boolean {
  return authStorages().some((storage) => (storage as unknown as { enabled?: boolean }).enabled === true);
}
