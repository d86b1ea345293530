import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';

/** The end of every step: the server's refusal, if any, and the save button. */
export function StepFooter({
  error,
  isBusy,
  label = 'Opslaan en verder',
}: {
  error: unknown;
  isBusy: boolean;
  label?: string;
}) {
  return (
    <div className="flex flex-col gap-3 border-t border-stone-200 pt-5">
      {error ? <Alert>{errorMessage(error)}</Alert> : null}
      <p className="text-sm text-stone-600">Je antwoorden worden bewaard zodra je op de knop drukt.</p>
      <Button type="submit" isBusy={isBusy} className="self-start">
        {label}
      </Button>
    </div>
  );
}
