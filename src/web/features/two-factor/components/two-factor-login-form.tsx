import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type VerifyBackupCodeInput,
  type VerifyTotpInput,
  verifyBackupCodeSchema,
  verifyTotpSchema,
} from '../../../../shared/two-factor';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { AuthError, errorMessage } from '../../../lib/api';
import { verifyBackupCode, verifyTotp } from '../api/two-factor';

const TRUST_DEVICE_DAYS = 30;

/**
 * The second step of a login with two-factor login on: a code from the authenticator app, or a
 * backup code; optionally this browser is trusted for 30 days.
 */
export function TwoFactorLoginForm({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => void;
  onRestart: () => void;
}) {
  const [useBackup, setUseBackup] = useState(false);
  const form = useForm({
    resolver: zodResolver(useBackup ? verifyBackupCodeSchema : verifyTotpSchema),
    defaultValues: { code: '', trustDevice: false },
  });
  const { errors } = form.formState;
  const trustId = useId();
  const verify = useMutation({
    mutationFn: (input: VerifyTotpInput | VerifyBackupCodeInput) =>
      useBackup ? verifyBackupCode(input) : verifyTotp(input),
    onSuccess: () => onSignedIn(),
  });
  const submit = form.handleSubmit((input) => verify.mutate(input));

  const onSubmit = (event: FormEvent) => {
    // An earlier answer of the server goes, also when the code now fails the format check.
    verify.reset();
    void submit(event);
  };

  const expired = verify.error instanceof AuthError && verify.error.authCode === 'INVALID_TWO_FACTOR_COOKIE';

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <p className="text-stone-700">
        {useBackup
          ? 'Typ een van de back-upcodes die je bij het instellen kreeg. Elke code werkt één keer.'
          : 'Open je authenticator-app en typ de code van 6 cijfers die bij Koppel staat.'}
      </p>
      <TextField
        key={useBackup ? 'backup' : 'totp'}
        label={useBackup ? 'Back-upcode' : 'Code uit je app'}
        autoComplete="one-time-code"
        inputMode={useBackup ? 'text' : 'numeric'}
        required
        error={errors.code?.message}
        {...form.register('code')}
      />
      <div className="flex items-start gap-3">
        <input
          id={trustId}
          type="checkbox"
          {...form.register('trustDevice')}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={trustId} className="text-stone-800">
          Vertrouw deze browser {TRUST_DEVICE_DAYS} dagen
          <span className="block text-sm text-stone-600">
            Dan vragen we hier geen code meer. Niet aanvinken op een gedeelde computer.
          </span>
        </label>
      </div>
      {verify.isError && <Alert>{errorMessage(verify.error)}</Alert>}
      <Button type="submit" size="lg" isBusy={verify.isPending}>
        {verify.isPending ? 'Bezig met controleren...' : 'Bevestigen'}
      </Button>
      {expired ? (
        <Button variant="secondary" onClick={onRestart}>
          Opnieuw inloggen
        </Button>
      ) : (
        <Button
          variant="ghost"
          onClick={() => {
            setUseBackup((value) => !value);
            form.resetField('code');
            verify.reset();
          }}
        >
          {useBackup
            ? 'Een code uit mijn app gebruiken'
            : 'Ik heb mijn telefoon niet bij me: back-upcode gebruiken'}
        </Button>
      )}
    </form>
  );
}
