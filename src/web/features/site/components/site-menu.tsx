import { useId } from 'react';
import { ROUTES } from '../../../../shared/routes';
import { CloseIcon, MenuIcon } from '../../../components/ui/icons';
import { AppLink } from '../../../lib/app-link';
import { cn } from '../../../lib/cn';
import { useDisclosure } from './use-disclosure';

/**
 * The landing page's menu on narrow screens (below lg, where the anchors do not fit the top bar):
 * the sections of the page and, signed out, 'Inloggen'.
 */
export function SiteMenu({
  anchors,
  isSignedIn,
  className,
}: {
  anchors: readonly { id: string; label: string }[];
  isSignedIn: boolean;
  className?: string;
}) {
  const { isOpen, setIsOpen, rootRef, buttonRef } = useDisclosure();
  const panelId = useId();
  const linkClass = 'block rounded-xl px-3 py-2.5 text-base font-semibold text-stone-800 hover:bg-brand-50';

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex size-10 items-center justify-center rounded-xl text-stone-800 hover:bg-brand-50"
      >
        {isOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
        <span className="sr-only">Menu</span>
      </button>
      <div
        id={panelId}
        hidden={!isOpen}
        className="absolute right-0 z-30 mt-2 w-[min(16rem,calc(100vw-2rem))] rounded-2xl border border-stone-200 bg-white p-2 shadow-xl"
      >
        <nav aria-label="Menu">
          <ul>
            {anchors.map((anchor) => (
              <li key={anchor.id}>
                <a href={`#${anchor.id}`} className={linkClass} onClick={() => setIsOpen(false)}>
                  {anchor.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {!isSignedIn && (
          <div className="mt-1 border-t border-stone-100 pt-1">
            <AppLink to={ROUTES.login} className={linkClass}>
              Inloggen
            </AppLink>
          </div>
        )}
      </div>
    </div>
  );
}
