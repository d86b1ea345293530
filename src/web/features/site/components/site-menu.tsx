import { ROUTES } from '../../../../shared/routes';
import { CloseIcon, MenuIcon } from '../../../components/ui/icons';
import { AppLink } from '../../../lib/app-link';
import { cn } from '../../../lib/cn';
import { SUMMARY_CLASS, useDisclosure } from './use-disclosure';

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
  const { close, rootRef, summaryRef } = useDisclosure();
  const linkClass = 'block rounded-xl px-3 py-2.5 text-base font-semibold text-stone-800 hover:bg-brand-50';

  // A `<details>` (issue 31): it opens before its script has run; the icon follows its open state.
  return (
    <details ref={rootRef} className={cn('group relative', className)}>
      <summary
        ref={summaryRef}
        className={cn(
          SUMMARY_CLASS,
          'inline-flex size-10 items-center justify-center rounded-xl text-stone-800 hover:bg-brand-50',
        )}
      >
        <MenuIcon className="size-6 group-open:hidden" />
        <CloseIcon className="hidden size-6 group-open:block" />
        <span className="sr-only">Menu</span>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-[min(16rem,calc(100vw-2rem))] rounded-2xl border border-stone-200 bg-white p-2 shadow-xl">
        <nav aria-label="Menu">
          <ul>
            {anchors.map((anchor) => (
              <li key={anchor.id}>
                <a href={`#${anchor.id}`} className={linkClass} onClick={close}>
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
    </details>
  );
}
