import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime } from '../../../../shared/format';
import {
  MATCH_OUTCOMES,
  MAX_NOTE_LENGTH,
  MAX_PLACE_LENGTH,
  type Match,
  type MatchOutcome,
  type MatchOutcomeInput,
  OUTCOME_FROM,
} from '../../../../shared/matches';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { useNow } from '../../../lib/use-now';
import { useRecordOutcome } from '../api/matches';
import { type OutcomeFormValues, outcomeFormSchema, toLocalInputValue } from '../form-schemas';

type Outcome = MatchOutcome;

/** The steps a match may take next, by the rule the server applies. */
const outcomesFor = (status: Match['status']) =>
  MATCH_OUTCOMES.filter((outcome) => OUTCOME_FROM[outcome].includes(status));

function outcomeLabel(outcome: Outcome, match: Match): string {
  if (outcome === 'scheduled') return match.status === 'scheduled' ? 'Date verzetten' : 'Date plannen';
  if (outcome === 'completed') return 'Date heeft plaatsgevonden';
  return 'Match annuleren';
}

/** The status actions of a match: plan or move the date, mark it held, or cancel; each with a note. */
export function MatchOutcomeActions({ match }: { match: Match }) {
  const record = useRecordOutcome(match.id);
  const form = useForm<OutcomeFormValues, unknown, MatchOutcomeInput>({
    resolver: zodResolver(outcomeFormSchema),
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { errors } = form.formState;
  // Re-read every 15 s: with the dialog open, 'Date heeft plaatsgevonden' appears once the date has come.
  const now = useNow(15_000);
  const isDateAhead = match.scheduled_at !== null && new Date(match.scheduled_at).getTime() > now.getTime();
  // The server only marks a date as held once its time has come.
  const outcomes = outcomesFor(match.status).filter((next) => next !== 'completed' || !isDateAhead);

  if (outcomes.length === 0) {
    const closedAs =
      match.status === 'rejected' ? 'afgewezen' : match.status === 'cancelled' ? 'geannuleerd' : 'afgerond';
    return <p className="text-sm text-stone-700">Deze match is {closedAs}; er zijn geen stappen meer.</p>;
  }

  const open = (next: Outcome) => {
    record.reset();
    form.reset({
      outcome: next,
      scheduled_at: toLocalInputValue(match.scheduled_at),
      note: '',
      place_name: match.date_place_name ?? '',
      place_address: match.date_place_address ?? '',
      place_url: match.date_place_url ?? '',
      message: match.date_message ?? '',
    });
    setOutcome(next);
  };

  const onSubmit = form.handleSubmit((input) => {
    record.mutate(input, { onSuccess: () => setOutcome(null) });
  });

  if (!outcome) {
    return (
      <div className="flex flex-col gap-3">
        {record.isSuccess && <Alert tone="success">De match is bijgewerkt.</Alert>}
        {match.status === 'scheduled' && isDateAhead && (
          <p className="text-sm text-stone-700">
            Na de date ({formatDateTime(match.scheduled_at!)}) kun je ze als voltooid markeren.
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {outcomes.map((next) => (
            <Button
              key={next}
              variant={next === 'cancelled' ? 'secondary' : 'primary'}
              onClick={() => open(next)}
            >
              {outcomeLabel(next, match)}
            </Button>
          ))}
        </div>
      </div>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-stone-200 p-4"
    >
      <h4 className="font-semibold text-stone-900">{outcomeLabel(outcome, match)}</h4>
      {outcome === 'scheduled' && (
        <>
          <TextField
            label="Datum en uur van de date"
            type="datetime-local"
            hint="Belgische tijd (Brussel)"
            required
            error={errors.scheduled_at?.message}
            {...form.register('scheduled_at')}
          />
          <TextField
            label="Plek"
            hint="Bijvoorbeeld de naam van het café of restaurant"
            required
            maxLength={MAX_PLACE_LENGTH}
            error={errors.place_name?.message}
            {...form.register('place_name')}
          />
          <TextField
            label="Adres"
            hint="Straat, nummer, postcode en gemeente: de klanten krijgen er een kaartlink bij"
            required
            maxLength={MAX_PLACE_LENGTH}
            autoComplete="off"
            error={errors.place_address?.message}
            {...form.register('place_address')}
          />
          <TextField
            label="Website van de plek (optioneel)"
            type="url"
            inputMode="url"
            error={errors.place_url?.message}
            {...form.register('place_url')}
          />
          <TextAreaField
            label="Bericht aan de klanten (optioneel)"
            hint="Beide klanten lezen dit in hun e-mail en op hun matchpagina."
            maxLength={MAX_NOTE_LENGTH}
            error={errors.message?.message}
            {...form.register('message')}
          />
        </>
      )}
      <TextAreaField
        label="Notitie (optioneel)"
        hint="Wordt bewaard als opvolging bij deze match. De klanten zien ze niet."
        maxLength={MAX_NOTE_LENGTH}
        error={errors.note?.message}
        {...form.register('note')}
      />
      {record.isError && <Alert>{errorMessage(record.error)}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          variant={outcome === 'cancelled' ? 'danger' : 'primary'}
          isBusy={record.isPending}
        >
          Bevestigen
        </Button>
        <Button variant="secondary" disabled={record.isPending} onClick={() => setOutcome(null)}>
          Terug
        </Button>
      </div>
    </form>
  );
}
