import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { formatDate, formatDateTime, formatEuroCents } from '../../../../shared/format';
import { ROUTES } from '../../../../shared/routes';
import { SUBSCRIPTION_STATUS_LABELS } from '../../../../shared/web-labels';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DetailRow } from '../../../components/ui/detail-row';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { SelectField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { AppLink } from '../../../lib/app-link';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminClientQueryOptions, staffQueryOptions, useClientActions } from '../api/admin';
import { AdminSection } from '../components/section';

/** /admin/klanten/{id}: tier, term, payments, matchmaker, pause and the audit trail. */
export function AdminClientPage() {
  const { clientId = '' } = useParams();
  const client = useQuery(adminClientQueryOptions(clientId));
  const staff = useQuery(staffQueryOptions);
  const { reassign, pause } = useClientActions(clientId);
  const [target, setTarget] = useState<string | null>(null);
  usePageTitle(client.data?.full_name ?? 'Klant');

  if (client.isPending) return <Spinner label="Klant laden..." className="items-start" />;
  if (client.isError) return <LoadError error={client.error} onRetry={() => void client.refetch()} />;
  const c = client.data;
  const active = (staff.data ?? []).filter((m) => m.is_active);
  const chosen = target ?? c.assigned_matchmaker_id ?? '';
  const isDeleted = c.deleted_at !== null;

  return (
    <>
      <p className="mb-3">
        <AppLink to={ROUTES.adminClients} className="font-semibold text-brand-800 underline">
          Terug naar klanten
        </AppLink>
      </p>
      <PageHeader title={c.full_name ?? 'Naamloze klant'} description={c.email} />
      {isDeleted && (
        <Alert tone="warning" className="mb-6">
          Deze klant verwijderde het account op {formatDate(c.deleted_at!)}.
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <AdminSection title="Lidmaatschap" id="beheer-lidmaatschap">
          <dl>
            <DetailRow label="Lidmaatschap">{c.tier}</DetailRow>
            <DetailRow label="Status">
              {c.subscription_status
                ? SUBSCRIPTION_STATUS_LABELS[c.subscription_status]
                : 'Geen betaald lidmaatschap'}
            </DetailRow>
            <DetailRow label="Looptijd">
              {c.subscription_started_at && c.subscription_ends_at
                ? `${formatDate(c.subscription_started_at)} tot ${formatDate(c.subscription_ends_at)}`
                : '—'}
            </DetailRow>
            {c.grace_period_end_date && (
              <DetailRow label="Respijt tot">{formatDate(c.grace_period_end_date)}</DetailRow>
            )}
            <DetailRow label="Matching">
              {c.matching_paused_at ? `Gepauzeerd sinds ${formatDate(c.matching_paused_at)}` : 'Loopt'}
            </DetailRow>
          </dl>
          <Button
            variant="secondary"
            className="mt-4"
            disabled={isDeleted || pause.isPending}
            onClick={() => pause.mutate(!c.matching_paused_at)}
          >
            {c.matching_paused_at ? 'Matching hervatten' : 'Matching pauzeren'}
          </Button>
          {pause.isError && <Alert className="mt-3">{errorMessage(pause.error)}</Alert>}
        </AdminSection>
        <AdminSection title="Matchmaker" id="beheer-matchmaker">
          <p className="text-stone-700">
            Nu:{' '}
            <span className="font-semibold text-stone-900">
              {c.assigned_matchmaker_name ?? 'geen matchmaker'}
            </span>
          </p>
          <form
            className="mt-4 flex flex-wrap items-end gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              reassign.mutate(chosen || null, { onSuccess: () => setTarget(null) });
            }}
          >
            <SelectField
              label="Andere matchmaker"
              value={chosen}
              onChange={(e) => setTarget(e.target.value)}
              className="min-w-48 flex-1"
              disabled={isDeleted}
            >
              <option value="">Geen matchmaker</option>
              {active.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.full_name}
                </option>
              ))}
            </SelectField>
            <Button
              type="submit"
              disabled={isDeleted || reassign.isPending || chosen === (c.assigned_matchmaker_id ?? '')}
            >
              Toewijzen
            </Button>
          </form>
          {reassign.isError && <Alert className="mt-3">{errorMessage(reassign.error)}</Alert>}
        </AdminSection>
        <AdminSection title="Betalingen" id="beheer-betalingen">
          {c.payments.length === 0 ? (
            <p className="text-stone-700">Nog geen betalingen.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-stone-200">
              {c.payments.map((p) => (
                <li key={p.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    {formatDate(p.paid_at)} · {p.tier}
                  </span>
                  <span className="font-semibold">{formatEuroCents(p.amount_total)}</span>
                </li>
              ))}
            </ul>
          )}
        </AdminSection>
        <AdminSection title="Historiek" id="beheer-historiek">
          {c.audit.length === 0 ? (
            <p className="text-stone-700">Nog geen wijzigingen door medewerkers.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Wie wijzigde wat</caption>
                <thead>
                  <tr className="border-b border-stone-200 text-stone-700">
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      Wanneer
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      Wie
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      Wat
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {c.audit.map((e) => (
                    <tr key={e.id} className="border-b border-stone-100 align-top">
                      <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(e.created_at)}</td>
                      <td className="py-2 pr-3">{e.actor_name ?? 'Verwijderd account'}</td>
                      <td className="py-2">{e.detail}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </AdminSection>
      </div>
    </>
  );
}
