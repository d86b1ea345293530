import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { staffInvitationSchema } from '../../../../shared/admin';
import { ROUTES } from '../../../../shared/routes';
import { MatchmakerPhoto } from '../../../components/matchmaker-photo';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { AppLink } from '../../../lib/app-link';
import { usePageTitle } from '../../../lib/use-page-title';
import { staffQueryOptions, useInviteMatchmaker } from '../api/admin';
import { AdminSection } from '../components/section';

function InviteForm() {
  const invite = useInviteMatchmaker();
  const form = useForm({
    resolver: zodResolver(staffInvitationSchema),
    defaultValues: { email: '', full_name: '' },
  });
  const { errors } = form.formState;
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((invitation) =>
    invite.mutate(invitation, {
      onSuccess: (member) => {
        setSentTo(member.email);
        form.reset();
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-stone-700">
        De nieuwe matchmaker krijgt een e-mail met een link om zelf een wachtwoord te kiezen (7 dagen geldig).
        Het publieke profiel staat eerst op niet actief: vul het aan en zet het dan aan.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Naam"
          error={errors.full_name?.message}
          autoComplete="off"
          {...form.register('full_name')}
        />
        <TextField
          label="E-mailadres"
          type="email"
          error={errors.email?.message}
          autoComplete="off"
          {...form.register('email')}
        />
      </div>
      {invite.isError && <Alert>{errorMessage(invite.error)}</Alert>}
      {sentTo && <Alert tone="success">De uitnodiging is verstuurd naar {sentTo}.</Alert>}
      <div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Uitnodigen...' : 'Uitnodiging versturen'}
        </Button>
      </div>
    </form>
  );
}

/** /admin/medewerkers: every matchmaker, and inviting a new one. */
export function AdminStaffPage() {
  usePageTitle('Medewerkers');
  const staff = useQuery(staffQueryOptions);
  return (
    <>
      <PageHeader
        title="Medewerkers"
        description="De matchmakers van het bureau: profielen, status en uitnodigingen."
      />
      <div className="flex flex-col gap-6">
        <AdminSection title="Matchmakers" id="beheer-staff">
          {staff.isPending ? (
            <Spinner label="Matchmakers laden..." className="items-start" />
          ) : staff.isError ? (
            <LoadError error={staff.error} onRetry={() => void staff.refetch()} />
          ) : staff.data.length === 0 ? (
            <p className="text-stone-700">Er zijn nog geen matchmakers. Nodig er hieronder een uit.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-stone-200">
              {staff.data.map((member) => (
                <li key={member.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
                  <MatchmakerPhoto name={member.full_name} url={member.profile_photo_url} size={48} />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words text-stone-900">{member.full_name}</p>
                    <p className="text-sm break-words text-stone-700">
                      {member.email} ·{' '}
                      {member.client_count === 1 ? '1 klant' : `${member.client_count} klanten`}
                      {member.success_rate !== null && ` · ${member.success_rate}% succes`}
                    </p>
                    <p className="mt-1 flex flex-wrap gap-2 text-xs font-semibold">
                      <span
                        className={
                          member.is_active
                            ? 'rounded-md bg-green-100 px-2 py-0.5 text-green-900'
                            : 'rounded-md bg-stone-200 px-2 py-0.5 text-stone-800'
                        }
                      >
                        {member.is_active ? 'Actief' : 'Niet actief'}
                      </span>
                      {member.invitation_pending && (
                        <span className="rounded-md bg-amber-100 px-2 py-0.5 text-amber-950">
                          Uitgenodigd
                        </span>
                      )}
                    </p>
                  </div>
                  <AppLink
                    to={`${ROUTES.adminStaff}/${member.id}`}
                    className="inline-flex min-h-10 items-center rounded-lg px-2 font-semibold text-brand-800 underline hover:text-brand-950"
                  >
                    Bewerken<span className="sr-only"> ({member.full_name})</span>
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
        </AdminSection>
        <AdminSection title="Een matchmaker uitnodigen" id="beheer-invite">
          <InviteForm />
        </AdminSection>
      </div>
    </>
  );
}
