import {
  createContext,
  type ReactElement,
  type ReactNode,
  StrictMode,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { SiteSession } from '../../../../shared/site';

/** The signed-in visitor as the public pages' interactive parts see it, and how to sign out. */
export interface SiteVisitor {
  session: SiteSession | null;
  isSigningOut: boolean;
  signOut: () => void;
}

const SiteVisitorContext = createContext<SiteVisitor | null>(null);

/** Inside the app, the view that holds the islands supplies the visitor (from /api/me). */
export const SiteVisitorProvider = SiteVisitorContext.Provider;

export function useSiteVisitor(): SiteVisitor {
  const visitor = useContext(SiteVisitorContext);
  if (!visitor) throw new Error('useSiteVisitor needs a SiteVisitorProvider or an island root');
  return visitor;
}

type VisitorState = Pick<SiteVisitor, 'session' | 'isSigningOut'>;

/**
 * The visitor of a prerendered page, shared by all its islands (each its own React root, so a
 * context cannot carry it from one to the next): signing out in the top bar updates every button.
 */
export interface VisitorStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => VisitorState;
  signOut: () => void;
}

/** `signOutOnServer` ends the session; any outcome counts as signed out (spec section 7). */
export function createVisitorStore(
  session: SiteSession | null,
  signOutOnServer: () => Promise<void> = async () => {},
): VisitorStore {
  let state: VisitorState = { session, isSigningOut: false };
  const listeners = new Set<() => void>();
  const set = (next: VisitorState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    signOut: () => {
      if (state.isSigningOut) return;
      set({ ...state, isSigningOut: true });
      void signOutOnServer()
        .catch(() => {})
        .finally(() => set({ session: null, isSigningOut: false }));
    },
  };
}

function IslandRoot({ store, children }: { store: VisitorStore; children: ReactNode }) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const visitor = useMemo(() => ({ ...state, signOut: store.signOut }), [state, store]);
  return <SiteVisitorProvider value={visitor}>{children}</SiteVisitorProvider>;
}

/**
 * The root element of one island: the same on the server (renderToString) and in the browser
 * (hydrateRoot), so both render the same markup and the same useId values.
 */
export function islandRoot(store: VisitorStore, island: ReactElement): ReactElement {
  return (
    <StrictMode>
      <IslandRoot store={store}>{island}</IslandRoot>
    </StrictMode>
  );
}

/** useId prefix of the island at `index` in document order: ids stay unique across the roots. */
export function islandIdPrefix(index: number): string {
  return `i${index}-`;
}
