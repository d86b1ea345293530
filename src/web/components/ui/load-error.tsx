import { errorText } from '../../lib/api';
import { Alert } from './alert';
import { Button } from './button';
import { ErrorText } from './error-text';

/** A failed load: the error's text and a button to try again. */
export function LoadError({
  error,
  onRetry,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert className={className}>
      <ErrorText message={errorText(error)} />
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        Opnieuw proberen
      </Button>
    </Alert>
  );
}
