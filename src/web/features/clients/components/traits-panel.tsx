import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { formatDate, formatDateTime } from '../../../../shared/format';
import {
  addTraitSchema,
  confidenceLabel,
  type StaffTrait,
  TRAIT_EVENT_LABELS,
  TRAIT_GROUPS,
  TRAIT_LABELS,
  TRAIT_SOURCE_LABELS,
  traitOriginLabel,
} from '../../../../shared/traits';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorText } from '../../../components/ui/error-text';
import { LoadError } from '../../../components/ui/load-error';
import { ContentSpinner, Spinner } from '../../../components/ui/spinner';
import { SelectField, TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api';
import { clientTraitsQueryOptions, useAddTrait, useDecideTrait } from '../api/clients';

/** The note with each suggestion's evidence marked, so the matchmaker reads it in its place. */
function HighlightedNote({ text, evidence }: { text: string; evidence: string[] }) {
  const marks = evidence.filter((e) => e && text.includes(e));
  if (marks.length === 0) return <p className="whitespace-pre-line text-stone-800">{text}</p>;
  const pattern = new RegExp(
    `(${marks.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
    'g',
  );
  return (
    <p className="whitespace-pre-line text-stone-800">
      {text.split(pattern).map((part, i) =>
        marks.includes(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-stone-900">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </p>
  );
}

function Suggestion({
  trait,
  onDecide,
  isBusy,
}: {
  trait: StaffTrait;
  onDecide: (status: 'confirmed' | 'rejected') => void;
  isBusy: boolean;
}) {
  const label = TRAIT_LABELS[trait.trait];
  return (
    <li className="rounded-xl border border-amber-200 bg-amber-50/50 px-4 py-3">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-stone-900">{label}</span>
        <span className="text-xs text-stone-700">
          {traitOriginLabel(trait)} · {confidenceLabel(trait.confidence)} (zekerheid{' '}
          {Math.round(trait.confidence * 100)}%)
        </span>
      </p>
      {trait.evidence && <blockquote className="mt-1 text-sm text-stone-800">“{trait.evidence}”</blockquote>}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => onDecide('confirmed')} disabled={isBusy}>
          Bevestig<span className="sr-only"> {label}</span>
        </Button>
        <Button variant="ghost" onClick={() => onDecide('rejected')} disabled={isBusy}>
          Wijs af<span className="sr-only"> {label}</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * A client's traits on their file (issue 15): the tagger's suggestions with their evidence marked
 * in the intake notes, to confirm or reject; the confirmed ones (what matching uses); adding one;
 * and the history of every change.
 */
export function TraitsPanel({ clientId }: { clientId: string }) {
  const traits = useQuery(clientTraitsQueryOptions(clientId));
  const decide = useDecideTrait(clientId);
  const add = useAddTrait(clientId);
  // No trait chosen at first: the schema's input type is a trait key, so it starts out undefined.
  const form = useForm({ resolver: zodResolver(addTraitSchema), defaultValues: { evidence: '' } });

  if (traits.isPending) return <ContentSpinner label="Eigenschappen laden..." />;
  if (traits.isError) return <LoadError error={traits.error} onRetry={() => void traits.refetch()} />;
  const suggested = traits.data.traits.filter((t) => t.status === 'suggested');
  const confirmed = traits.data.traits.filter((t) => t.status === 'confirmed');
  const rejected = traits.data.traits.filter((t) => t.status === 'rejected');
  const evidence = suggested.map((t) => t.evidence ?? '');

  const submit = form.handleSubmit((input) => add.mutate(input, { onSuccess: () => form.reset() }));

  return (
    <div className="flex flex-col gap-6">
      {traits.data.tagging_pending && (
        <Spinner label="De notities worden gelezen; voorstellen verschijnen zo." className="items-start" />
      )}
      {(decide.isError || add.isError) && (
        <Alert>
          <ErrorText message={errorText(decide.error ?? add.error)} />
        </Alert>
      )}
      <section aria-labelledby="voorgestelde-eigenschappen">
        <h3 id="voorgestelde-eigenschappen" className="mb-2 font-semibold text-stone-900">
          Voorgesteld ({suggested.length})
        </h3>
        {suggested.length === 0 ? (
          <p className="text-sm text-stone-700">
            Geen voorstellen om na te kijken. Na een afgeronde intake met notities verschijnen ze hier.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {suggested.map((trait) => (
              <Suggestion
                key={trait.id}
                trait={trait}
                isBusy={decide.isPending}
                onDecide={(status) => decide.mutate({ traitId: trait.id, status })}
              />
            ))}
          </ul>
        )}
      </section>
      {traits.data.notes.length > 0 && (
        <section aria-labelledby="notities-met-bewijs">
          <h3 id="notities-met-bewijs" className="mb-2 font-semibold text-stone-900">
            Intakenotities, met het bewijs gemarkeerd
          </h3>
          {traits.data.notes.map((note) => (
            <div
              key={note.intake_session_id}
              className="mb-3 rounded-xl border border-stone-200 bg-white px-4 py-3"
            >
              {note.scheduled_at && (
                <p className="mb-1 text-xs text-stone-700">Intake van {formatDate(note.scheduled_at)}</p>
              )}
              <HighlightedNote text={note.text} evidence={evidence} />
            </div>
          ))}
        </section>
      )}
      <section aria-labelledby="bevestigde-eigenschappen">
        <h3 id="bevestigde-eigenschappen" className="mb-2 font-semibold text-stone-900">
          Bevestigd ({confirmed.length}): dit gebruikt matching
        </h3>
        {confirmed.length === 0 ? (
          <p className="text-sm text-stone-700">Nog geen bevestigde eigenschappen.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {confirmed.map((trait) => (
              <li
                key={trait.id}
                className="rounded-full bg-green-50 px-3 py-1 text-sm font-semibold text-green-900"
              >
                {TRAIT_LABELS[trait.trait]}
                <span className="font-normal text-green-800"> · {traitOriginLabel(trait)}</span>
              </li>
            ))}
          </ul>
        )}
        {rejected.length > 0 && (
          <p className="mt-2 text-sm text-stone-700">
            Afgewezen: {rejected.map((trait) => TRAIT_LABELS[trait.trait]).join(', ')}
          </p>
        )}
      </section>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
      >
        <SelectField
          label="Eigenschap toevoegen"
          error={form.formState.errors.trait?.message}
          {...form.register('trait')}
        >
          <option value="">Kies een eigenschap</option>
          {Object.values(TRAIT_GROUPS).map((group) => (
            <optgroup key={group.label} label={group.label}>
              {Object.entries(group.traits).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <TextField
          label="Waar zag je het? (optioneel)"
          maxLength={500}
          error={form.formState.errors.evidence?.message}
          {...form.register('evidence')}
        />
        <Button type="submit" isBusy={add.isPending}>
          Voeg toe
        </Button>
      </form>
      {traits.data.events.length > 0 && (
        <details>
          <summary className="cursor-pointer font-semibold text-stone-900">
            Geschiedenis ({traits.data.events.length})
          </summary>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-stone-800">
            {traits.data.events.map((event) => (
              <li key={event.id}>
                {formatDateTime(event.created_at)}: {TRAIT_LABELS[event.trait]}{' '}
                {TRAIT_EVENT_LABELS[event.action]} door {event.actor_name ?? 'de AI-tagger'} (
                {TRAIT_SOURCE_LABELS[event.source]})
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
