import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { formatDateTime } from '../../../../shared/format';
import { completeIntakeSessionSchema, type StaffIntakeSession } from '../../../../shared/intake';
import { isFirstIntakeSession, MAX_INTAKE_NOTES_LENGTH } from '../../../../shared/intake-rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorText } from '../../../components/ui/error-text';
import { TextAreaField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api';
import { useCompleteIntake } from '../api/intake';
import { completeLabel } from './staff-intakes';

/**
 * Completing a session with the matchmaker's notes. Its own module: the intakes list loads it (with
 * react-hook-form and zod) when a matchmaker first opens it.
 */
export function CompleteIntakeDialog({
  session,
  onClose,
}: {
  session: StaffIntakeSession | null;
  onClose: () => void;
}) {
  const complete = useCompleteIntake();
  const form = useForm({
    resolver: zodResolver(completeIntakeSessionSchema),
    defaultValues: { matchmaker_notes: '' },
  });

  function close() {
    form.reset();
    complete.reset();
    onClose();
  }

  const submit = form.handleSubmit(({ matchmaker_notes }) => {
    if (!session) return;
    complete.mutate({ id: session.id, matchmaker_notes }, { onSuccess: close });
  });
  const label = completeLabel(session);

  return (
    <Dialog
      isOpen={!!session}
      onClose={close}
      title={label}
      description={
        session
          ? `${session.client.full_name ?? 'Klant'}, ${session.scheduled_at ? formatDateTime(session.scheduled_at) : ''}. ${
              isFirstIntakeSession(session.session_type)
                ? 'Na het afronden kan de klant gematcht worden en krijgt die een feedbackvraag.'
                : 'Je notities worden bewaard; de klant krijgt geen bericht.'
            }`
          : undefined
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextAreaField
          label="Notities van het gesprek"
          hint="Wie is de klant, wat zoekt die, wat kan niet? Alleen matchmakers en beheer lezen dit."
          rows={8}
          maxLength={MAX_INTAKE_NOTES_LENGTH}
          error={form.formState.errors.matchmaker_notes?.message}
          required
          {...form.register('matchmaker_notes')}
        />
        {complete.isError && (
          <Alert>
            <ErrorText message={errorText(complete.error)} />
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Annuleren
          </Button>
          <Button type="submit" isBusy={complete.isPending}>
            {label}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
