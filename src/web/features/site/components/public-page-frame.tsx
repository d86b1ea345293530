import type { ReactNode } from 'react';
import { ROUTES } from '../../../../shared/routes';
import { SiteFooter } from '../../../components/site-footer';
import { ButtonLink } from '../../../components/ui/button';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { MAIN_CONTENT_ID } from '../../../components/ui/skip-link';
import { Island } from '../islands/island';

/** A public page below the landing page: the logo and a way back home, the page, the footer. */
export function PublicPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <Island name="skip-link" props={{}} />
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Logo />
          <ButtonLink to={ROUTES.home} variant="secondary">
            <ArrowLeftIcon className="size-4" />
            Terug naar home
          </ButtonLink>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
