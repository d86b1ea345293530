import { lazy, Suspense, useId, useState } from 'react';
import { formatDateTime, formatTimeLeft } from '../../../../shared/format';
import type { ProposedMatchSummary } from '../../../../shared/matches';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckIcon, ClockIcon, MapPinIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useRespondToMatch } from '../api/my-matches';

// The rejection's form (react-hook-form and zod) loads once the client chooses 'Nee, bedankt', not
// with the page (decision 047).
const ProposalRejectionForm = lazy(async () => ({
  default: (await import('./proposal-rejection-form')).ProposalRejectionForm,
}));

/** One open proposal: only what a client may see before both accepted, and the two answers. */
export function ProposalCard({ proposal, now }: { proposal: ProposedMatchSummary; now: Date }) {
  const headingId = useId();
  const respond = useRespondToMatch();
  const [isRejecting, setIsRejecting] = useState(false);
  const { other } = proposal;
  const timeLeft = proposal.response_deadline ? formatTimeLeft(proposal.response_deadline, now) : null;
  const heading = other.age === null ? other.first_name : `${other.first_name}, ${other.age}`;
  const hasAccepted = proposal.my_response === 'accepted';

  const accept = () => {
    respond.reset();
    respond.mutate({ match_id: proposal.id, response: 'accepted' });
  };

  return (
    <Card className="max-sm:p-5!">
      <article aria-labelledby={headingId}>
        <h2 id={headingId} className="font-serif text-2xl font-bold text-stone-900">
          {heading}
        </h2>
        {other.region && (
          <p className="mt-1 flex items-center gap-1.5 text-stone-700">
            <MapPinIcon className="size-4 shrink-0" />
            {other.region}
          </p>
        )}

        {/* Issue 27: the matchmaker's introduction, then what both profiles say alike. */}
        {proposal.note && (
          <div className="mt-4 rounded-xl bg-stone-50 px-4 py-3">
            <h3 className="text-sm font-semibold text-stone-800">Waarom je matchmaker jullie voorstelt</h3>
            <p className="mt-1 whitespace-pre-line text-stone-800">{proposal.note}</p>
          </div>
        )}

        {(proposal.shared_facts.length > 0 || other.shared_interests.length > 0) && (
          <div className="mt-4">
            <h3 className="text-sm font-semibold text-stone-800">Wat jullie gemeen hebben</h3>
            {proposal.shared_facts.length > 0 && (
              <ul className="mt-2 flex flex-col gap-1.5">
                {proposal.shared_facts.map((fact) => (
                  <li key={fact.kind} className="flex items-start gap-2 text-stone-800">
                    <CheckIcon className="mt-1 size-4 shrink-0 text-brand-700" />
                    <span>{fact.text}</span>
                  </li>
                ))}
              </ul>
            )}
            {other.shared_interests.length > 0 && (
              <>
                <h4 className="mt-3 text-sm font-semibold text-stone-800">Interesses</h4>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {other.shared_interests.map((interest) => (
                    <li key={interest} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900">
                      {interest}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}

        {proposal.response_deadline && (
          <p className="mt-4 flex items-start gap-1.5 text-sm text-stone-700">
            <ClockIcon className="mt-0.5 size-4 shrink-0" />
            <span>
              {timeLeft ? (
                <>
                  <strong className="text-stone-900">Nog {timeLeft}</strong> om te antwoorden
                </>
              ) : (
                <strong className="text-stone-900">De termijn om te antwoorden is verstreken</strong>
              )}{' '}
              (tot {formatDateTime(proposal.response_deadline)}).
            </span>
          </p>
        )}

        <div className="mt-5">
          {hasAccepted ? (
            <Alert tone="success">
              Je hebt ja gezegd. We laten je weten zodra {other.first_name} heeft geantwoord.
            </Alert>
          ) : isRejecting ? (
            <Suspense fallback={<Spinner />}>
              <ProposalRejectionForm
                proposalId={proposal.id}
                respond={respond}
                onBack={() => setIsRejecting(false)}
              />
            </Suspense>
          ) : (
            timeLeft && (
              <div className="flex flex-wrap gap-3">
                <Button onClick={accept} isBusy={respond.isPending}>
                  Ja, ik wil {other.first_name} leren kennen
                </Button>
                <Button variant="secondary" disabled={respond.isPending} onClick={() => setIsRejecting(true)}>
                  Nee, bedankt
                </Button>
              </div>
            )
          )}
          {respond.isError && <Alert className="mt-4">{errorMessage(respond.error)}</Alert>}
        </div>
      </article>
    </Card>
  );
}
