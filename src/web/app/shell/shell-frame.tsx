import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/ui/skip-link';

interface ShellFrameProps {
  /** The header row's content. */
  header: ReactNode;
  /** The sidebar's navigation (shown from md up). */
  sidebar: ReactNode;
  sidebarLabel: string;
  children: ReactNode;
}

/** Header, sidebar navigation and main content, of the app shell (app-shell.tsx). */
export function ShellFrame({ header, sidebar, sidebarLabel, children }: ShellFrameProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-x-3 px-4 py-2.5 sm:px-6">{header}</div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-8 px-4 py-6 sm:px-6 md:py-8">
        <nav aria-label={sidebarLabel} className="hidden w-64 shrink-0 md:block">
          <div className="sticky top-24">{sidebar}</div>
        </nav>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
