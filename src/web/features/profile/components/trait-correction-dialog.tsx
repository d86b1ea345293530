import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  FREE_TEXT_MAX,
  type TraitCorrectionInput,
  traitCorrectionRequestSchema,
} from '../../../../shared/profile';
import { TRAIT_LABELS, type TraitKey } from '../../../../shared/traits';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextAreaField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { useRequestTraitCorrection } from '../api/profile';

/** The client asks their matchmaker to correct one trait, or their traits in general. */
export function TraitCorrectionDialog({
  isOpen,
  onClose,
  traits,
}: {
  isOpen: boolean;
  onClose: () => void;
  traits: readonly TraitKey[];
}) {
  const request = useRequestTraitCorrection();
  const form = useForm({
    resolver: zodResolver(traitCorrectionRequestSchema),
    defaultValues: { trait: null, message: '' } as TraitCorrectionInput,
  });
  const { errors } = form.formState;
  const close = () => {
    onClose();
    form.reset();
    request.reset();
  };
  const onSubmit = form.handleSubmit((input) => request.mutate(input));

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title="Een correctie vragen"
      description="Klopt een eigenschap niet? Laat het je matchmaker weten; die kijkt het na."
    >
      {request.isSuccess ? (
        <div className="flex flex-col gap-4">
          <Alert tone="success">Je vraag is verstuurd. Je matchmaker kijkt ze na.</Alert>
          <Button className="self-start" onClick={close}>
            Sluiten
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <SelectField
            label="Over welke eigenschap gaat het?"
            error={errors.trait?.message}
            {...form.register('trait', { setValueAs: (value: string) => (value === '' ? null : value) })}
          >
            <option value="">Over mijn eigenschappen in het algemeen</option>
            {traits.map((trait) => (
              <option key={trait} value={trait}>
                {TRAIT_LABELS[trait]}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label="Wat klopt er niet?"
            rows={4}
            maxLength={FREE_TEXT_MAX}
            error={errors.message?.message}
            {...form.register('message')}
          />
          {request.isError && <Alert>{errorMessage(request.error)}</Alert>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" isBusy={request.isPending}>
              Vraag versturen
            </Button>
            <Button variant="secondary" onClick={close}>
              Annuleren
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
