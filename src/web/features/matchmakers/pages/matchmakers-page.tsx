import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MatchmakerSummary } from '../../../../shared/matchmakers';
import { MatchmakerPhoto } from '../../../components/matchmaker-photo';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useChooseMatchmaker } from '../api/choose-matchmaker';
import { matchmakersQueryOptions } from '../api/matchmakers';

const years = (n: number) => `${n} jaar ervaring`;
const clients = (n: number) => `${n} ${n === 1 ? 'klant' : 'klanten'}`;

/** /dashboard/matchmakers: the active matchmakers (spec order); a client chooses one (decision 013). */
export function MatchmakersPage() {
  usePageTitle('Matchmakers');
  const { profile } = useSession();
  const matchmakers = useQuery(matchmakersQueryOptions);
  const choose = useChooseMatchmaker();
  const [pending, setPending] = useState<MatchmakerSummary | null>(null);
  const [chosenName, setChosenName] = useState<string | null>(null);
  const assignedId = profile.assigned_matchmaker_id;
  const current = matchmakers.data?.find((m) => m.id === assignedId) ?? null;

  const pick = (matchmaker: MatchmakerSummary) => {
    choose.reset();
    setChosenName(null);
    if (assignedId) {
      setPending(matchmaker);
      return;
    }
    choose.mutate({ matchmaker_id: matchmaker.id }, { onSuccess: () => setChosenName(matchmaker.full_name) });
  };

  const confirm = () => {
    if (!pending) return;
    const matchmaker = pending;
    choose.mutate(
      { matchmaker_id: matchmaker.id, confirm: true },
      {
        onSuccess: () => {
          setPending(null);
          setChosenName(matchmaker.full_name);
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Matchmakers"
        description="Kies de matchmaker die bij je past. Je matchmaker leert je kennen in het intakegesprek en stelt je matches voor."
      />
      {chosenName && (
        <Alert tone="success" className="mb-6">
          {`${chosenName} is nu je matchmaker. We lieten het ${chosenName.split(' ')[0]} weten.`}
        </Alert>
      )}
      {!chosenName && current && (
        <p className="mb-6 text-stone-700">
          Je matchmaker is <strong className="text-stone-900">{current.full_name}</strong>.
        </p>
      )}
      {choose.isError && !pending && <Alert className="mb-6">{errorMessage(choose.error)}</Alert>}
      {matchmakers.isPending ? (
        <Spinner label="Matchmakers laden..." className="py-16" />
      ) : matchmakers.isError ? (
        <LoadError error={matchmakers.error} onRetry={() => void matchmakers.refetch()} />
      ) : matchmakers.data.length === 0 ? (
        <p className="text-stone-700">Geen matchmakers gevonden</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {matchmakers.data.map((matchmaker) => {
            const isMine = matchmaker.id === assignedId;
            return (
              <li
                key={matchmaker.id}
                className="flex flex-col items-center rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm"
              >
                <MatchmakerPhoto name={matchmaker.full_name} url={matchmaker.profile_photo_url} size={96} />
                <h2 className="mt-4 text-lg font-semibold break-words text-stone-900">
                  {matchmaker.full_name}
                </h2>
                <ul className="mt-1 text-sm text-stone-700">
                  {matchmaker.success_rate !== null && (
                    <li>{`${matchmaker.success_rate}% Succespercentage`}</li>
                  )}
                  {matchmaker.years_experience !== null && <li>{years(matchmaker.years_experience)}</li>}
                  <li>{clients(matchmaker.client_count)}</li>
                </ul>
                {matchmaker.specialties.length > 0 && (
                  <p className="mt-2 text-sm text-stone-600">{matchmaker.specialties.join(' · ')}</p>
                )}
                <a
                  href={`/${matchmaker.slug}`}
                  className="mt-3 rounded-lg font-semibold text-brand-800 underline hover:text-brand-950"
                >
                  Bekijk profiel<span className="sr-only"> van {matchmaker.full_name}</span>
                </a>
                <div className="mt-4 w-full">
                  {isMine ? (
                    <p className="rounded-xl bg-brand-50 px-3 py-2.5 font-semibold text-brand-900">
                      Jouw matchmaker
                    </p>
                  ) : (
                    <Button
                      variant={assignedId ? 'secondary' : 'primary'}
                      className="w-full"
                      isBusy={
                        choose.isPending && choose.variables?.matchmaker_id === matchmaker.id && !pending
                      }
                      onClick={() => pick(matchmaker)}
                    >
                      {`Kies ${matchmaker.full_name}`}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Dialog isOpen={pending !== null} onClose={() => setPending(null)} title="Van matchmaker wisselen?">
        {pending && (
          <div className="flex flex-col gap-3 text-stone-800">
            <p>
              {current ? `${current.full_name} is nu je matchmaker. ` : ''}
              {`Wil je ${pending.full_name} als nieuwe matchmaker? We laten het beiden weten.`}
            </p>
            <p>Je lopende voorstellen blijven bestaan.</p>
            {choose.isError && <Alert>{errorMessage(choose.error)}</Alert>}
            <div className="mt-3 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setPending(null)} disabled={choose.isPending}>
                Annuleren
              </Button>
              <Button isBusy={choose.isPending} onClick={confirm}>
                {`Ja, kies ${pending.full_name}`}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
