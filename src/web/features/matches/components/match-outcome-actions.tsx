import { useState } from 'react';
import { formatDateTime } from '../../../../shared/format';
import { MATCH_OUTCOMES, type Match, type MatchOutcome, OUTCOME_FROM } from '../../../../shared/matches';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { useRecordOutcome } from '../api/matches';

type Outcome = MatchOutcome;

/** The steps a match may take next, by the rule the server applies. */
const outcomesFor = (status: Match['status']) =>
  MATCH_OUTCOMES.filter((outcome) => OUTCOME_FROM[outcome].includes(status));

function outcomeLabel(outcome: Outcome, match: Match): string {
  if (outcome === 'scheduled') return match.status === 'scheduled' ? 'Date verzetten' : 'Date plannen';
  if (outcome === 'completed') return 'Date heeft plaatsgevonden';
  return 'Match annuleren';
}

/** "2026-11-28T19:30" in the browser's time zone, for a datetime-local input. */
function toLocalInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The status actions of a match: plan or move the date, mark it held, or cancel; each with a note. */
export function MatchOutcomeActions({ match }: { match: Match }) {
  const record = useRecordOutcome(match.id);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [scheduledAt, setScheduledAt] = useState('');
  const [note, setNote] = useState('');
  const [dateError, setDateError] = useState<string>();
  const isDateAhead = match.scheduled_at !== null && new Date(match.scheduled_at).getTime() > Date.now();
  // The server only marks a date as held once its time has come.
  const outcomes = outcomesFor(match.status).filter((next) => next !== 'completed' || !isDateAhead);

  if (outcomes.length === 0) {
    return <p className="text-sm text-stone-700">Deze match is afgerond; er zijn geen stappen meer.</p>;
  }

  const open = (next: Outcome) => {
    record.reset();
    setDateError(undefined);
    setNote('');
    setScheduledAt(toLocalInputValue(match.scheduled_at));
    setOutcome(next);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!outcome) return;
    let scheduled_at: string | undefined;
    if (outcome === 'scheduled') {
      const date = scheduledAt ? new Date(scheduledAt) : null;
      if (!date || Number.isNaN(date.getTime())) {
        setDateError('Kies een datum en uur voor de date');
        return;
      }
      scheduled_at = date.toISOString();
    }
    setDateError(undefined);
    record.mutate(
      { outcome, scheduled_at, note: note.trim() || undefined },
      { onSuccess: () => setOutcome(null) },
    );
  };

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
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-xl border border-stone-200 p-4">
      <h4 className="font-semibold text-stone-900">{outcomeLabel(outcome, match)}</h4>
      {outcome === 'scheduled' && (
        <TextField
          label="Datum en uur van de date"
          type="datetime-local"
          required
          value={scheduledAt}
          onChange={(event) => setScheduledAt(event.target.value)}
          error={dateError}
        />
      )}
      <TextAreaField
        label="Notitie (optioneel)"
        hint="Wordt bewaard als opvolging bij deze match. De klanten zien ze niet."
        maxLength={2000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
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
