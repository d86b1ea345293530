import { useState } from 'react';
import type { ClientSearchResult } from '../../../../shared/clients';
import type { Match } from '../../../../shared/matches';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { useCreateMatch } from '../api/matches';
import { ClientPicker } from './client-picker';

interface NewMatchDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (match: Match) => void;
}

/** Proposes a match: two clients found by name and an optional note that both clients read. */
export function NewMatchDialog({ isOpen, onClose, onCreated }: NewMatchDialogProps) {
  const create = useCreateMatch();
  const [first, setFirst] = useState<ClientSearchResult | null>(null);
  const [second, setSecond] = useState<ClientSearchResult | null>(null);
  const [note, setNote] = useState('');
  const [isIncomplete, setIsIncomplete] = useState(false);

  const close = () => {
    setFirst(null);
    setSecond(null);
    setNote('');
    setIsIncomplete(false);
    create.reset();
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!first || !second) {
      setIsIncomplete(true);
      return;
    }
    setIsIncomplete(false);
    create.mutate(
      { client1_id: first.id, client2_id: second.id, note: note.trim() || undefined },
      {
        onSuccess: (match) => {
          close();
          onCreated(match);
        },
      },
    );
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title="Nieuwe match voorstellen"
      description="Beide klanten krijgen een e-mail en hebben 7 dagen om te antwoorden."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <ClientPicker label="Eerste klant" selected={first} onSelect={setFirst} excludeId={second?.id} />
        <ClientPicker label="Tweede klant" selected={second} onSelect={setSecond} excludeId={first?.id} />
        <TextAreaField
          label="Waarom passen ze bij elkaar? (optioneel)"
          hint="Beide klanten lezen deze notitie bij het voorstel."
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        {isIncomplete && <Alert>Kies twee klanten.</Alert>}
        {create.isError && <Alert>{errorMessage(create.error)}</Alert>}
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
