import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Logo } from './ui/logo';
import { MAIN_CONTENT_ID, SkipLink } from './ui/skip-link';

interface PublicLayoutProps {
  children: ReactNode;
  /** Extra content at the right of the top bar. */
  headerEnd?: ReactNode;
  mainClassName?: string;
}

/** Header, main and footer for the public pages and the guard's messages. */
export function PublicLayout({ children, headerEnd, mainClassName }: PublicLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-stone-200 bg-white/90">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Logo />
          {headerEnd}
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={cn('flex-1 outline-none', mainClassName)}>
        {children}
      </main>
      <footer className="border-t border-stone-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-6 text-sm text-stone-600 sm:px-6">
          © {new Date().getFullYear()} Koppel · Matchmaking voor singles in België
        </div>
      </footer>
    </div>
  );
}

/** A narrow centred column for forms and short messages. */
export function CenteredContent({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto w-full max-w-md px-4 py-10 sm:py-16', className)}>{children}</div>;
}
