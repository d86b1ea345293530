import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ROUTES } from '../../../../shared/routes';
import { twoFactorPasswordSchema } from '../../../../shared/two-factor';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { PasswordField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { disableTwoFactor, twoFactorStatusQueryKey, useTwoFactorStatus } from '../api/two-factor';

/** Settings › Tweestapsverificatie: on or off; staff who must keep it cannot turn it off. */
export function TwoFactorSettingsSection() {
  const status = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const [isTurningOff, setIsTurningOff] = useState(false);
  const form = useForm({ resolver: zodResolver(twoFactorPasswordSchema), defaultValues: { password: '' } });
  const disable = useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      setIsTurningOff(false);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey });
    },
  });

  const onSubmit = form.handleSubmit(({ password }) => disable.mutate(password));

  return (
    <section aria-labelledby="tweestaps-titel">
      <h2 id="tweestaps-titel" className="text-lg font-semibold text-stone-900">
        Tweestapsverificatie
      </h2>
      {status.isPending && <Spinner label="Tweestapsverificatie laden..." />}
      {status.isError && <LoadError error={status.error} onRetry={() => void status.refetch()} />}
      {status.data && (
        <>
          <p className="mt-1 text-stone-700">
            {status.data.enabled
              ? 'Staat aan: bij het inloggen vragen we na je wachtwoord een code uit je authenticator-app.'
              : 'Staat uit. Zet ze aan, dan vragen we bij het inloggen ook een code uit een authenticator-app op je telefoon.'}
          </p>
          {disable.isSuccess && !status.data.enabled && (
            <Alert tone="success" className="mt-3">
              Tweestapsverificatie staat uit. Je krijgt een bevestiging per e-mail.
            </Alert>
          )}
          {!status.data.enabled && (
            <ButtonLink to={ROUTES.twoFactorSetup} variant="secondary" className="mt-3">
              Tweestapsverificatie aanzetten
            </ButtonLink>
          )}
          {status.data.enabled && status.data.required && (
            <p className="mt-2 text-sm text-stone-600">
              Als medewerker heb je tweestapsverificatie nodig: je kunt ze niet uitzetten.
            </p>
          )}
          {status.data.enabled && !status.data.required && !isTurningOff && (
            <Button variant="secondary" className="mt-3" onClick={() => setIsTurningOff(true)}>
              Tweestapsverificatie uitzetten
            </Button>
          )}
          {status.data.enabled && !status.data.required && isTurningOff && (
            <form noValidate onSubmit={onSubmit} className="mt-3 flex max-w-md flex-col gap-3">
              <PasswordField
                label="Je wachtwoord"
                autoComplete="current-password"
                required
                error={form.formState.errors.password?.message}
                {...form.register('password')}
              />
              {disable.isError && <Alert>{errorMessage(disable.error)}</Alert>}
              <div className="flex flex-wrap gap-3">
                <Button type="submit" variant="danger" isBusy={disable.isPending}>
                  Uitzetten
                </Button>
                <Button variant="ghost" onClick={() => setIsTurningOff(false)}>
                  Annuleren
                </Button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
