import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ClientSearchResult } from '../../../../shared/clients';
import { createMatchSchema, MAX_NOTE_LENGTH, type Match } from '../../../../shared/matches';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../lib/api';
import { useCreateMatch } from '../api/matches';
import { ClientPicker } from './client-picker';

interface NewMatchDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (match: Match) => void;
  /** Issue 16: magic match opens the dialog with both clients and a note filled in. */
  initial?: { client1: ClientSearchResult; client2: ClientSearchResult; note?: string };
}

type ClientField = 'client1_id' | 'client2_id';
const EMPTY = { client1_id: '', client2_id: '', note: '' };

/** Proposes a match: two clients found by name and an optional note that both clients read. */
export function NewMatchDialog({ isOpen, onClose, onCreated, initial }: NewMatchDialogProps) {
  const create = useCreateMatch();
  const start = initial
    ? { client1_id: initial.client1.id, client2_id: initial.client2.id, note: initial.note ?? '' }
    : EMPTY;
  const form = useForm({ resolver: zodResolver(createMatchSchema), defaultValues: start });
  const { errors } = form.formState;
  // The chosen clients themselves, for the pickers to show; the form holds their ids.
  const [chosen, setChosen] = useState<Record<ClientField, ClientSearchResult | null>>({
    client1_id: initial?.client1 ?? null,
    client2_id: initial?.client2 ?? null,
  });
  // Issue 16: past the dates a package includes, the server asks for a confirmation.
  const needsConfirmation = create.error instanceof ApiError && create.error.code === 'PACKAGE_DATES_USED';
  const clientsError = errors.client1_id?.message ?? errors.client2_id?.message;

  const close = () => {
    form.reset(EMPTY);
    setChosen({ client1_id: null, client2_id: null });
    create.reset();
    onClose();
  };

  const submit = (confirm_extra_date: boolean) =>
    form.handleSubmit((values) => {
      create.mutate(
        {
          client1_id: values.client1_id,
          client2_id: values.client2_id,
          note: values.note || undefined,
          ...(confirm_extra_date ? { confirm_extra_date } : {}),
        },
        {
          onSuccess: (match) => {
            close();
            onCreated(match);
          },
        },
      );
    });
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
        <TextAreaField
          label="Waarom passen ze bij elkaar? (optioneel)"
          hint="Beide klanten lezen deze notitie bij het voorstel."
          maxLength={MAX_NOTE_LENGTH}
          error={errors.note?.message}
          {...form.register('note')}
        />
        {clientsError && <Alert>{clientsError}</Alert>}
        {create.isError && <Alert>{errorMessage(create.error)}</Alert>}
        {needsConfirmation && (
          <Button variant="secondary" onClick={() => submit(true)()} isBusy={create.isPending}>
            Toch voorstellen als extra date
          </Button>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            Annuleren
          </Button>
          <Button type="submit" isBusy={create.isPending}>
            Match voorstellen
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
