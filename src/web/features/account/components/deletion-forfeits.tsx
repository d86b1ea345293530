import { useQuery } from '@tanstack/react-query';
import { PURCHASES_PATH, TERMS_PATH, WITHDRAWAL_DAYS } from '../../../../shared/account-deletion';
import { daysRemaining, formatDate, formatDateTime } from '../../../../shared/format';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { AppLink } from '../../../lib/app-link';
import { deletionPreviewQueryOptions } from '../api/deletion-preview';

const linkClass = 'font-semibold text-amber-950 underline underline-offset-2';

/**
 * Issue 29: before the password is asked, what the deletion forfeits (the paid membership and the
 * term left), how to withdraw within the terms, and who is told (the matchmaker, the intake).
 */
export function DeletionForfeits() {
  const preview = useQuery(deletionPreviewQueryOptions);
  if (preview.isPending) return <Spinner label="Je lidmaatschap laden..." className="items-start" />;
  if (preview.isError) return <LoadError error={preview.error} onRetry={() => void preview.refetch()} />;
  const { paid_tier, term_ends_at, withdrawal_until, matchmaker_name, intakes } = preview.data;
  if (!paid_tier && !withdrawal_until && !matchmaker_name && intakes.length === 0) return null;
  const terms = (
    <a href={TERMS_PATH} className={linkClass}>
      voorwaarden
    </a>
  );
  return (
    <section
      aria-labelledby="verlies-titel"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm leading-relaxed text-amber-950"
    >
      <h3 id="verlies-titel" className="font-semibold">
        Wat je verliest
      </h3>
      <ul className="mt-2 list-disc space-y-1.5 pl-5">
        {paid_tier && term_ends_at && (
          <li>
            Je betaalde lidmaatschap <strong>{paid_tier}</strong>, dat nog loopt tot{' '}
            {formatDate(term_ends_at)} (nog {daysRemaining(term_ends_at)} dagen). Het stopt meteen;
            verwijderen betaalt niets terug.
          </li>
        )}
        {withdrawal_until ? (
          <li>
            Je kocht minder dan {WITHDRAWAL_DAYS} dagen geleden. Tot {formatDate(withdrawal_until)} kun je je
            aankoop nog herroepen volgens onze {terms}, in{' '}
            <AppLink to={PURCHASES_PATH} className={linkClass}>
              Mijn aankopen
            </AppLink>
            . Doe dat vóór je je account verwijdert.
          </li>
        ) : (
          paid_tier && (
            <li>
              De herroepingstermijn van {WITHDRAWAL_DAYS} dagen is voorbij; lees onze {terms} en{' '}
              <AppLink to={PURCHASES_PATH} className={linkClass}>
                Mijn aankopen
              </AppLink>
              .
            </li>
          )
        )}
        {intakes.map((intake) => (
          <li key={intake.scheduled_at}>
            Je intakegesprek van {formatDateTime(intake.scheduled_at)} wordt geannuleerd
            {intake.matchmaker_name && intake.matchmaker_name !== matchmaker_name
              ? `; ${intake.matchmaker_name} krijgt daarvan bericht`
              : ''}
            .
          </li>
        ))}
        {matchmaker_name && (
          <li>{matchmaker_name}, je matchmaker, krijgt bericht dat je account verwijderd is.</li>
        )}
      </ul>
    </section>
  );
}
