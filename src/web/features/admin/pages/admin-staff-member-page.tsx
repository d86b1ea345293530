import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { StaffMember } from '../../../../shared/admin';
import { ROUTES } from '../../../../shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { SelectField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { AppLink } from '../../../lib/app-link';
import { usePageTitle } from '../../../lib/use-page-title';
import { staffMemberQueryOptions, staffQueryOptions, useClientActions } from '../api/admin';
import { MatchmakerProfileForm } from '../components/matchmaker-profile-form';
import { AdminSection } from '../components/section';

/** One client of the matchmaker, with a choice of another active matchmaker. */
function ReassignRow({
  client,
  others,
  onDone,
}: {
  client: { id: string; full_name: string | null; tier: string };
  others: StaffMember[];
  onDone: () => void;
}) {
  const { reassign } = useClientActions(client.id);
  const [target, setTarget] = useState('');
  const name = client.full_name ?? 'Naamloze klant';
  return (
    <li className="flex flex-wrap items-end gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-40 flex-1">
        <AppLink
          to={`${ROUTES.adminClients}/${client.id}`}
          className="font-semibold text-brand-800 underline"
        >
          {name}
        </AppLink>
        <p className="text-sm text-stone-700">{client.tier}</p>
      </div>
      <SelectField
        label={`Nieuwe matchmaker voor ${name}`}
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        className="min-w-48"
      >
        <option value="">Kies een matchmaker</option>
        {others.map((m) => (
          <option key={m.id} value={m.id}>
            {m.full_name}
          </option>
        ))}
      </SelectField>
      <Button
        variant="secondary"
        disabled={!target || reassign.isPending}
        onClick={() => reassign.mutate(target, { onSuccess: onDone })}
      >
        Toewijzen
      </Button>
      {reassign.isError && <Alert className="w-full">{errorMessage(reassign.error)}</Alert>}
    </li>
  );
}

/** /admin/medewerkers/{id}: a matchmaker's public profile, and their clients to reassign. */
export function AdminStaffMemberPage() {
  const { memberId = '' } = useParams();
  const detail = useQuery(staffMemberQueryOptions(memberId));
  const staff = useQuery(staffQueryOptions);
  usePageTitle(detail.data ? `${detail.data.member.full_name} bewerken` : 'Matchmaker bewerken');

  if (detail.isPending) return <Spinner label="Matchmaker laden..." className="items-start" />;
  if (detail.isError) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  const { member, clients } = detail.data;
  const others = (staff.data ?? []).filter((m) => m.is_active && m.id !== member.id);

  return (
    <>
      <p className="mb-3">
        <AppLink to={ROUTES.adminStaff} className="font-semibold text-brand-800 underline">
          Terug naar medewerkers
        </AppLink>
      </p>
      <PageHeader
        title={member.full_name}
        description={
          <>
            {member.email} ·{' '}
            {member.is_active ? (
              <a href={`/${member.slug}`} className="font-semibold text-brand-800 underline">
                Publieke pagina
              </a>
            ) : (
              'Niet actief: geen publieke pagina'
            )}
            {' · '}
            {member.success_rate === null
              ? 'nog geen succespercentage (minder dan 5 besliste voorstellen)'
              : `${member.success_rate}% van de besliste voorstellen aanvaard`}
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <AdminSection title="Publiek profiel" id="beheer-profiel">
          <MatchmakerProfileForm key={member.id} member={member} adminFor={member.id} />
        </AdminSection>
        <AdminSection title="Klanten" id="beheer-klanten-van">
          {clients.length === 0 ? (
            <p className="text-stone-700">Deze matchmaker heeft geen klanten.</p>
          ) : (
            <>
              {!member.is_active && (
                <Alert tone="warning" className="mb-4">
                  Deze matchmaker is niet actief. Wijs de klanten hieronder toe aan een actieve matchmaker.
                </Alert>
              )}
              <ul className="flex flex-col divide-y divide-stone-200">
                {clients.map((client) => (
                  <ReassignRow
                    key={client.id}
                    client={client}
                    others={others}
                    onDone={() => void detail.refetch()}
                  />
                ))}
              </ul>
            </>
          )}
        </AdminSection>
      </div>
    </>
  );
}
