import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { formatDate, formatDateTime } from '../../../../shared/format';
import {
  type CreateFollowUpInput,
  ELIGIBILITY_RULE_LABELS,
  MAX_NOTE_LENGTH,
  type Match,
  type MatchAnswer,
} from '../../../../shared/matches';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import {
  followUpsQueryOptions,
  matchDetailQueryOptions,
  matchFeedbackQueryOptions,
  useCreateFollowUp,
} from '../api/matches';
import { type FollowUpFormValues, followUpFormSchema, todayValue } from '../form-schemas';
import { MatchOutcomeActions } from './match-outcome-actions';
import { MatchStatusBadge } from './match-status-badge';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-stone-200 pt-4">
      <h3 className="mb-3 font-semibold text-stone-900">{title}</h3>
      {children}
    </section>
  );
}

function LoadState({
  isPending,
  error,
  onRetry,
}: {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  if (isPending) return <Spinner className="items-start" />;
  return <LoadError error={error} onRetry={onRetry} />;
}

function AnswerLine({ name, answer }: { name: string; answer: MatchAnswer | undefined }) {
  return (
    <li className="rounded-xl bg-stone-50 px-4 py-3">
      <p className="font-semibold text-stone-900">{name}</p>
      {!answer ? (
        <p className="text-sm text-stone-700">Nog geen antwoord</p>
      ) : answer.response === 'accepted' ? (
        <p className="text-sm text-green-800">Ja, op {formatDateTime(answer.responded_at)}</p>
      ) : (
        <>
          <p className="text-sm text-red-800">Nee, op {formatDateTime(answer.responded_at)}</p>
          <p className="mt-1 text-sm text-stone-800">
            Reden: {answer.rejection_reason ?? <span className="italic">geen reden gegeven</span>}
          </p>
        </>
      )}
    </li>
  );
}

/** Rejected and cancelled matches are closed: no date, so no feedback and no new follow-up. */
const isClosed = (status: Match['status']) => status === 'rejected' || status === 'cancelled';

/** The soft wishes a proposal was made against, by their Dutch names. */
const overriddenRules = (match: Match) =>
  match.overridden_rules.length === 0
    ? null
    : match.overridden_rules
        .map((rule) => (ELIGIBILITY_RULE_LABELS as Record<string, string>)[rule] ?? rule)
        .join(', ');

function MatchTimeline({ match, rejectedAt }: { match: Match; rejectedAt: string | null }) {
  const asIs = (value: string) => value;
  const rows: [string, string | null, (value: string) => string][] = [
    ['Voorgesteld', match.proposed_to_clients_at, formatDateTime],
    // Issue 26 (decision 026): a soft wish overridden, with the matchmaker's reason.
    ['Afgeweken van', overriddenRules(match), asIs],
    ['Reden van afwijking', match.override_reason, asIs],
    ['Antwoord uiterlijk', match.status === 'proposed' ? match.response_deadline : null, formatDateTime],
    ['Allebei ja', match.accepted_at, formatDateTime],
    ['Date', match.scheduled_at, formatDateTime],
    // Issue 27: where, and what both clients read from the matchmaker.
    [
      'Plek',
      [match.date_place_name, match.date_place_address].filter(Boolean).join(', ') || null,
      (value) => value,
    ],
    ['Bericht aan de klanten', match.date_message, (value) => value],
    ['Date gehad', match.completed_at, formatDateTime],
    ['Afgerond op', match.completed_recorded_at, formatDateTime],
    ['Afgewezen', match.status === 'rejected' ? rejectedAt : null, formatDateTime],
    ['Geannuleerd', match.cancelled_at, formatDateTime],
  ];
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {rows
        .filter(([, value]) => value)
        .map(([label, value, format]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-stone-700">{label}</dt>
            <dd className="whitespace-pre-line text-stone-900 max-sm:mb-1">{format(value!)}</dd>
          </div>
        ))}
    </dl>
  );
}

function FeedbackSection({ matchId }: { matchId: string }) {
  const feedback = useQuery(matchFeedbackQueryOptions(matchId));
  if (!feedback.isSuccess) {
    return (
      <LoadState
        isPending={feedback.isPending}
        error={feedback.error}
        onRetry={() => void feedback.refetch()}
      />
    );
  }
  if (feedback.data.length === 0) {
    return <p className="text-sm text-stone-700">Nog geen feedback van de klanten.</p>;
  }
  return (
    <ul className="flex flex-col gap-3">
      {feedback.data.map((item) => (
        <li key={item.id} className="rounded-xl bg-stone-50 px-4 py-3">
          <p className="font-semibold text-stone-900">
            {item.client.full_name ?? item.client.email}: {item.rating}/5
          </p>
          <p className="text-sm text-stone-800">
            Wil elkaar terugzien:{' '}
            {item.would_meet_again === null ? 'niet gezegd' : item.would_meet_again ? 'ja' : 'nee'}
          </p>
          {item.feedback_text && (
            <p className="mt-1 whitespace-pre-line text-stone-800">{item.feedback_text}</p>
          )}
          <p className="mt-1 text-xs text-stone-600">{formatDateTime(item.submitted_at)}</p>
        </li>
      ))}
    </ul>
  );
}

function FollowUpsSection({ matchId, canAdd }: { matchId: string; canAdd: boolean }) {
  const followUps = useQuery(followUpsQueryOptions(matchId));
  const create = useCreateFollowUp(matchId);
  const form = useForm<FollowUpFormValues, unknown, CreateFollowUpInput>({
    resolver: zodResolver(followUpFormSchema),
    defaultValues: { follow_up_date: todayValue(), notes: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) => {
    create.mutate(input, { onSuccess: () => form.resetField('notes') });
  });

  return (
    <div className="flex flex-col gap-4">
      {!followUps.isSuccess ? (
        <LoadState
          isPending={followUps.isPending}
          error={followUps.error}
          onRetry={() => void followUps.refetch()}
        />
      ) : followUps.data.length === 0 ? (
        <p className="text-sm text-stone-700">Nog geen opvolging.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {followUps.data.map((item) => (
            <li key={item.id} className="rounded-xl bg-stone-50 px-4 py-3">
              <p className="text-sm font-semibold text-stone-900">{formatDate(item.follow_up_date)}</p>
              {item.notes && <p className="whitespace-pre-line text-stone-800">{item.notes}</p>}
              <p className="mt-1 text-xs text-stone-600">
                {[
                  item.reported_by?.full_name && `gemeld door ${item.reported_by.full_name}`,
                  item.updated_by?.full_name && `genoteerd door ${item.updated_by.full_name}`,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </p>
            </li>
          ))}
        </ul>
      )}
      {canAdd && (
        <form
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4"
        >
          <h4 className="font-semibold text-stone-900">Opvolging toevoegen</h4>
          <TextField
            label="Datum"
            type="date"
            error={errors.follow_up_date?.message}
            {...form.register('follow_up_date')}
          />
          <TextAreaField
            label="Wat is er gebeurd?"
            required
            maxLength={MAX_NOTE_LENGTH}
            error={errors.notes?.message}
            {...form.register('notes')}
          />
          {create.isError && <Alert>{errorMessage(create.error)}</Alert>}
          {create.isSuccess && <Alert tone="success">De opvolging is bewaard.</Alert>}
          <Button type="submit" variant="secondary" isBusy={create.isPending} className="self-start">
            Opvolging bewaren
          </Button>
        </form>
      )}
    </div>
  );
}

/** A match for staff: both clients, the timeline, both answers, the actions, feedback and follow-ups. */
export function MatchDetail({ matchId }: { matchId: string }) {
  const detail = useQuery(matchDetailQueryOptions(matchId));
  if (!detail.isSuccess) {
    return (
      <LoadState isPending={detail.isPending} error={detail.error} onRetry={() => void detail.refetch()} />
    );
  }
  const { match, answers } = detail.data;
  const clients = [match.client1, match.client2];
  const closed = isClosed(match.status);
  // A match is rejected by the first "no": that answer's time is when.
  const rejectedAt =
    answers
      .filter((answer) => answer.response === 'rejected')
      .map((answer) => answer.responded_at)
      .sort()[0] ?? null;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <MatchStatusBadge status={match.status} />
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {clients.map((client) => (
          <li key={client.id} className="rounded-xl border border-stone-200 px-4 py-3">
            <p className="font-semibold text-stone-900">{client.full_name ?? client.email}</p>
            {client.email && <p className="break-all text-sm text-stone-700">{client.email}</p>}
            <p className="text-sm text-stone-700">{client.tier}</p>
          </li>
        ))}
      </ul>
      <MatchTimeline match={match} rejectedAt={rejectedAt} />
      {match.note && (
        <Section title="Introductie voor de klanten">
          <p className="whitespace-pre-line text-stone-800">{match.note}</p>
        </Section>
      )}
      <Section title="Antwoorden">
        <ul className="grid gap-3 sm:grid-cols-2">
          {clients.map((client) => (
            <AnswerLine
              key={client.id}
              name={client.full_name ?? client.email ?? 'Klant'}
              answer={answers.find((answer) => answer.client_id === client.id)}
            />
          ))}
        </ul>
      </Section>
      <Section title="Volgende stap">
        <MatchOutcomeActions match={match} />
      </Section>
      {!closed && (
        <Section title="Feedback na de date">
          <FeedbackSection matchId={match.id} />
        </Section>
      )}
      <Section title="Opvolging">
        <FollowUpsSection matchId={match.id} canAdd={!closed} />
      </Section>
    </div>
  );
}
