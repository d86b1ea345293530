import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ClientSearchResult } from '../../../../shared/clients';
import { MAX_OVERRIDE_REASON_LENGTH } from '../../../../shared/domain';
import {
  ELIGIBILITY_RULE_LABELS,
  type EligibilityResponse,
  MAX_INTRODUCTION_LENGTH,
  type Match,
} from '../../../../shared/matches';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../lib/api';
import { useCreateMatch, useEligibility } from '../api/matches';
import { newMatchFormSchema } from '../form-schemas';
import { ClientPicker } from './client-picker';

interface NewMatchDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (match: Match) => void;
  /** Issue 16: magic match opens the dialog with both clients and an introduction filled in. */
  initial?: { client1: ClientSearchResult; client2: ClientSearchResult; note?: string };
}

type ClientField = 'client1_id' | 'client2_id';
const EMPTY = { client1_id: '', client2_id: '', note: '', override_reason: '' };

/**
 * Issue 26 (decision 026): the rules the chosen pair fails, before proposing. A rule that cannot be
 * overridden is shown as the reason the proposal cannot be made; a soft wish asks for a reason.
 */
function EligibilityChecks({ checks }: { checks: EligibilityResponse }) {
  if (checks.failures.length === 0) {
    return <Alert tone="success">Deze twee klanten passen bij elkaars wensen en dealbreakers.</Alert>;
  }
  const blocking = checks.failures.filter((f) => !f.overridable);
  const soft = checks.failures.filter((f) => f.overridable);
  return (
    <div className="flex flex-col gap-3">
      {blocking.length > 0 && (
        <Alert>
          <p className="font-semibold">Dit voorstel kan niet:</p>
          <ul className="mt-1 list-disc pl-5">
            {blocking.map((f) => (
              <li key={`${f.rule}-${f.client_id}`}>
                <span className="font-semibold">{ELIGIBILITY_RULE_LABELS[f.rule]}</span>: {f.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {soft.length > 0 && (
        <Alert tone="warning">
          <p className="font-semibold">
            {blocking.length > 0
              ? 'Ook wijkt het af van een wens:'
              : 'Dit voorstel wijkt af van een wens. Je kunt het toch doen, met een reden:'}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {soft.map((f) => (
              <li key={`${f.rule}-${f.client_id}`}>
                <span className="font-semibold">{ELIGIBILITY_RULE_LABELS[f.rule]}</span>: {f.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  );
}

/** Proposes a match: two clients found by name and the introduction both clients read (issue 27). */
export function NewMatchDialog({ isOpen, onClose, onCreated, initial }: NewMatchDialogProps) {
  const create = useCreateMatch();
  const start = initial
    ? {
        client1_id: initial.client1.id,
        client2_id: initial.client2.id,
        note: initial.note ?? '',
        override_reason: '',
      }
    : EMPTY;
  const form = useForm({ resolver: zodResolver(newMatchFormSchema), defaultValues: start });
  const { errors } = form.formState;
  // The chosen clients themselves, for the pickers to show; the form holds their ids.
  const [chosen, setChosen] = useState<Record<ClientField, ClientSearchResult | null>>({
    client1_id: initial?.client1 ?? null,
    client2_id: initial?.client2 ?? null,
  });
  // Issue 16: past the dates a package includes, the server asks for a confirmation.
  const needsConfirmation = create.error instanceof ApiError && create.error.code === 'PACKAGE_DATES_USED';
  const clientsError = errors.client1_id?.message ?? errors.client2_id?.message;
  const [client1Id, client2Id] = form.watch(['client1_id', 'client2_id']);
  const eligibility = useEligibility(client1Id, client2Id);
  const checks = eligibility.data;
  const blocked = checks ? !checks.proposable : false;
  const needsReason = checks?.needs_reason ?? false;

  const close = () => {
    form.reset(EMPTY);
    setChosen({ client1_id: null, client2_id: null });
    create.reset();
    onClose();
  };

  // A soft wish needs a reason: said along with the form's other errors, or on its own.
  const reasonMissing = () => {
    const missing = needsReason && !form.getValues('override_reason')?.trim();
    if (missing) form.setError('override_reason', { message: 'Schrijf waarom je ze toch voorstelt.' });
    return missing;
  };
  const submit = (confirm_extra_date: boolean) =>
    form.handleSubmit((values) => {
      if (reasonMissing()) return;
      const reason = values.override_reason?.trim() ?? '';
      create.mutate(
        {
          client1_id: values.client1_id,
          client2_id: values.client2_id,
          note: values.note,
          ...(needsReason ? { override_reason: reason } : {}),
          ...(confirm_extra_date ? { confirm_extra_date } : {}),
        },
        {
          onSuccess: (match) => {
            close();
            onCreated(match);
          },
        },
      );
    }, reasonMissing);
  const onSubmit = submit(false);

  const picker = (name: ClientField, label: string, other: ClientField) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <ClientPicker
          label={label}
          selected={chosen[name]}
          excludeId={chosen[other]?.id}
          onSelect={(client) => {
            setChosen((current) => ({ ...current, [name]: client }));
            field.onChange(client?.id ?? '');
          }}
        />
      )}
    />
  );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title="Nieuwe match voorstellen"
      description="Beide klanten krijgen een e-mail en hebben 7 dagen om te antwoorden."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {picker('client1_id', 'Eerste klant', 'client2_id')}
        {picker('client2_id', 'Tweede klant', 'client1_id')}
        {/* Issue 26: the rule for the chosen pair, before anything is written. */}
        {eligibility.isFetching && !checks && <p className="text-sm text-stone-700">Regels nakijken…</p>}
        {eligibility.isError && <Alert>{errorMessage(eligibility.error)}</Alert>}
        {checks && <EligibilityChecks checks={checks} />}
        {needsReason && !blocked && (
          <TextAreaField
            label="Waarom stel je ze toch voor?"
            hint="Alleen matchmakers en beheerders lezen dit, in de tijdlijn van de match."
            required
            maxLength={MAX_OVERRIDE_REASON_LENGTH}
            error={errors.override_reason?.message}
            {...form.register('override_reason')}
          />
        )}
        <TextAreaField
          label="Introductie"
          hint="Een paar zinnen: waarom deze twee? Beide klanten lezen dit bij het voorstel. Noem geen geloof, geaardheid of woonplaats."
          required
          rows={5}
          maxLength={MAX_INTRODUCTION_LENGTH}
          error={errors.note?.message}
          {...form.register('note')}
        />
        {clientsError && <Alert>{clientsError}</Alert>}
        {create.isError && <Alert>{errorMessage(create.error)}</Alert>}
        {needsConfirmation && !blocked && (
          <Button variant="secondary" onClick={() => submit(true)()} isBusy={create.isPending}>
            Toch voorstellen als extra date
          </Button>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            Annuleren
          </Button>
          <Button type="submit" isBusy={create.isPending} disabled={blocked}>
            {needsReason && !blocked ? 'Toch voorstellen' : 'Match voorstellen'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
