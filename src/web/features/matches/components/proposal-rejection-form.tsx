import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MAX_NOTE_LENGTH, respondToMatchSchema } from '../../../../shared/matches';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-field';
import type { useRespondToMatch } from '../api/my-matches';

/**
 * Saying no to a proposal, with an optional reason for the matchmaker. Its own module: the card
 * loads it (with react-hook-form and zod) only once the client chooses 'Nee, bedankt'.
 */
export function ProposalRejectionForm({
  proposalId,
  respond,
  onBack,
}: {
  proposalId: string;
  respond: ReturnType<typeof useRespondToMatch>;
  onBack: () => void;
}) {
  const rejection = useForm({
    resolver: zodResolver(respondToMatchSchema),
    defaultValues: { response: 'rejected' as const, rejection_reason: '' },
  });
  const reject = rejection.handleSubmit((input) => {
    respond.reset();
    respond.mutate({
      match_id: proposalId,
      response: input.response,
      rejection_reason: input.rejection_reason || undefined,
    });
  });

  return (
    <form onSubmit={reject} noValidate className="flex flex-col gap-4">
      <TextAreaField
        label="Waarom niet? (optioneel)"
        hint="Alleen je matchmaker leest dit. Het helpt om een betere match te vinden."
        maxLength={MAX_NOTE_LENGTH}
        error={rejection.formState.errors.rejection_reason?.message}
        {...rejection.register('rejection_reason')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" isBusy={respond.isPending}>
          Afwijzing versturen
        </Button>
        <Button
          variant="secondary"
          disabled={respond.isPending}
          onClick={() => {
            respond.reset();
            onBack();
          }}
        >
          Terug
        </Button>
      </div>
    </form>
  );
}
