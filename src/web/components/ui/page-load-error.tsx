import { MESSAGES } from '../../../shared/messages';
import { ApiError } from '../../lib/api';
import { AppLink } from '../../lib/app-link';
import { usePageTitle } from '../../lib/use-page-title';
import { LoadError } from './load-error';

/**
 * A page whose record could not be loaded. Refused (403: a client of another matchmaker) it is the
 * 'Geen Toegang' of spec section 6, with a way back, since trying again cannot help; any other
 * failure is a LoadError with 'Opnieuw proberen'.
 */
export function PageLoadError({
  error,
  onRetry,
  back,
}: {
  error: unknown;
  onRetry: () => void;
  back: { to: string; label: string };
}) {
  if (error instanceof ApiError && error.status === 403) return <NoAccess back={back} />;
  return <LoadError error={error} onRetry={onRetry} />;
}

function NoAccess({ back }: { back: { to: string; label: string } }) {
  usePageTitle('Geen toegang');
  return (
    <div role="alert" className="rounded-xl border border-stone-200 bg-white px-6 py-8 text-center">
      <h1 className="font-serif text-2xl font-bold text-stone-900">{MESSAGES.roleMismatch}</h1>
      <p className="mt-3 text-stone-700">Deze klant wordt begeleid door een andere matchmaker.</p>
      <p className="mt-6">
        <AppLink to={back.to} className="font-semibold text-brand-800 underline">
          {back.label}
        </AppLink>
      </p>
    </div>
  );
}
