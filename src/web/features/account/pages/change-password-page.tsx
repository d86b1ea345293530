import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passwordSchema } from '../../../../shared/auth';
import { MESSAGES } from '../../../../shared/messages';
import { ROUTES } from '../../../../shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PasswordField } from '../../../components/ui/text-field';
import { AuthError, errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useChangePassword } from '../api/account-settings';

const changePasswordFormSchema = z
  .object({
    current: z.string().min(1, 'Vul je huidige wachtwoord in'),
    password: passwordSchema,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: MESSAGES.passwordsDoNotMatch, path: ['confirm'] });

/** The auth library says INVALID_PASSWORD for a wrong current password: said plainly here. */
function changeError(error: unknown): string {
  if (error instanceof AuthError && error.authCode === 'INVALID_PASSWORD')
    return 'Je huidige wachtwoord klopt niet.';
  return errorMessage(error);
}

/** /dashboard/change-password, for every role (better-auth's change-password endpoint). */
export function ChangePasswordPage() {
  usePageTitle('Wachtwoord wijzigen');
  const { user } = useSession();
  const mutation = useChangePassword();
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current: '', password: '', confirm: '' },
  });
  const { errors } = form.formState;
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (mutation.isSuccess) doneRef.current?.focus();
  }, [mutation.isSuccess]);

  // Issue 30: the server's answer to the last attempt goes once the person types again.
  const { reset: resetMutation } = mutation;
  useEffect(() => {
    const subscription = form.watch(() => resetMutation());
    return () => subscription.unsubscribe();
  }, [form, resetMutation]);

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate({ currentPassword: values.current, newPassword: values.password }),
  );

  return (
    <>
      <PageHeader title="Wachtwoord wijzigen" description="Kies een nieuw wachtwoord voor je account." />
      <Card className="max-w-xl">
        {mutation.isSuccess ? (
          <div ref={doneRef} tabIndex={-1} className="flex flex-col gap-4 outline-none">
            <Alert tone="success">
              Je wachtwoord is gewijzigd. Op je andere toestellen ben je uitgelogd; we stuurden je een
              bevestiging per e-mail.
            </Alert>
            <ButtonLink to={ROUTES.settings} variant="secondary">
              Terug naar instellingen
            </ButtonLink>
          </div>
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
            {/* Lets password managers tie the new password to the account. */}
            <input type="email" autoComplete="username" value={user.email} readOnly hidden />
            <PasswordField
              label="Huidig wachtwoord"
              autoComplete="current-password"
              error={errors.current?.message}
              {...form.register('current')}
            />
            <PasswordField
              label="Nieuw wachtwoord"
              autoComplete="new-password"
              hint="Minimaal 6 tekens. Een veelgebruikt wachtwoord of je e-mailadres kan niet."
              error={errors.password?.message}
              {...form.register('password')}
            />
            <PasswordField
              label="Herhaal het nieuwe wachtwoord"
              autoComplete="new-password"
              error={errors.confirm?.message}
              {...form.register('confirm')}
            />
            {mutation.isError && <Alert>{changeError(mutation.error)}</Alert>}
            <p className="text-sm text-stone-700">
              Na het wijzigen word je op je andere toestellen uitgelogd.
            </p>
            <Button type="submit" isBusy={mutation.isPending} className="self-start">
              Wachtwoord wijzigen
            </Button>
          </form>
        )}
      </Card>
    </>
  );
}
