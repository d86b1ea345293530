import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { CenteredContent, PublicLayout } from '../components/public-layout';
import { Button } from '../components/ui/button';
import { usePageTitle } from '../lib/use-page-title';

/** Shown when a page fails to load or render, for instance after a new release replaced its code. */
export function RouteErrorPage() {
  const error = useRouteError();
  usePageTitle('Er is iets misgegaan');
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <PublicLayout>
      <CenteredContent className="text-center">
        <h1 className="font-serif text-3xl font-bold text-stone-900">Er is iets misgegaan</h1>
        <p role="alert" className="mt-4 text-stone-700">
          {MESSAGES.serverError}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Pagina opnieuw laden</Button>
          <a
            href="/"
            className="inline-flex min-h-10 items-center px-4 font-semibold text-brand-800 underline"
          >
            Terug naar home
          </a>
        </div>
      </CenteredContent>
    </PublicLayout>
  );
}
