import type { ClientsToReassign } from '../../../../shared/admin';
import { formatDate } from '../../../../shared/format';
import { ROUTES } from '../../../../shared/routes';
import { AppLink } from '../../../lib/app-link';

const linkClasses =
  'inline-flex min-h-10 items-center rounded-lg font-semibold text-brand-800 underline hover:text-brand-950';

/**
 * Issue 26: the clients of each deactivated matchmaker, each to their admin page, and the
 * matchmaker's page where "Toewijzen" gives them another matchmaker.
 */
export function ClientsToReassignList({ matchmakers }: { matchmakers: ClientsToReassign }) {
  if (matchmakers.length === 0) {
    return <p className="text-stone-700">Geen klanten bij een gedeactiveerde matchmaker.</p>;
  }
  return (
    <div className="flex flex-col gap-6">
      {matchmakers.map((matchmaker) => (
        <div key={matchmaker.id}>
          <h3 className="font-semibold break-words text-stone-900">{matchmaker.full_name}</h3>
          <p className="text-sm text-stone-700">
            Gedeactiveerd op {formatDate(matchmaker.deactivated_at)} ·{' '}
            {matchmaker.clients.length === 1 ? '1 klant' : `${matchmaker.clients.length} klanten`} zonder
            actieve matchmaker
          </p>
          <ul className="mt-2 flex flex-col divide-y divide-stone-200">
            {matchmaker.clients.map((client) => (
              <li key={client.id} className="flex flex-wrap items-center justify-between gap-x-3 py-1">
                <AppLink to={`${ROUTES.adminClients}/${client.id}`} className={linkClasses}>
                  {client.full_name ?? 'Naamloze klant'}
                </AppLink>
                <span className="text-sm text-stone-700">{client.tier}</span>
              </li>
            ))}
          </ul>
          <AppLink to={`${ROUTES.adminStaff}/${matchmaker.id}`} className={`${linkClasses} mt-1`}>
            Klanten van {matchmaker.full_name} toewijzen
          </AppLink>
        </div>
      ))}
    </div>
  );
}
