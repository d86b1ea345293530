import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { resetPasswordSchema } from '../../../../shared/auth';
import { RESET_REDIRECT_DELAY_MS } from '../../../../shared/domain';
import { MESSAGES } from '../../../../shared/messages';
import { ROUTES } from '../../../../shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import { resetPassword } from '../api/auth-requests';
import { AuthPageLayout } from '../components/auth-page-layout';

/**
 * The reset token: from the fragment (`#access_token=…&type=recovery`, or `#token=…`), or from
 * `?token=` as better-auth's own redirect puts it.
 */
function readResetToken(hash: string, search: string): string {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search);
  return fragment.get('access_token') ?? fragment.get('token') ?? query.get('token') ?? '';
}

export function ResetPasswordPage() {
  usePageTitle('Nieuw wachtwoord instellen');
  const navigate = useNavigate();
  const location = useLocation();
  // Read once, then taken out of the address bar so the token does not stay in the history.
  const [token] = useState(() => readResetToken(window.location.hash, window.location.search));
  const hasToken = token !== '';
  useEffect(() => {
    if (token) window.history.replaceState(window.history.state, '', ROUTES.resetPassword);
  }, [token]);
  const linkError = new URLSearchParams(location.search).get('error');
  const [tokenError, setTokenError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: (input: { newPassword: string; token: string }) =>
      resetPassword(input, MESSAGES.resetPasswordFailed),
  });

  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = window.setTimeout(() => void navigate(ROUTES.login), RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [mutation.isSuccess, navigate]);

  const onSubmit = form.handleSubmit((values) => {
    if (!token) {
      setTokenError(MESSAGES.noAccessToken);
      return;
    }
    setTokenError(null);
    mutation.mutate({ newPassword: values.password, token });
  });

  if (!hasToken || linkError) {
    return (
      <AuthPageLayout title="Nieuw wachtwoord instellen">
        <div className="flex flex-col gap-5">
          <Alert>
            {!hasToken && <p>{MESSAGES.noAccessTokenInUrl}</p>}
            <p className={hasToken ? undefined : 'mt-2'}>{MESSAGES.invalidResetLink}</p>
          </Alert>
          <ButtonLink to={ROUTES.login}>Naar de inlogpagina</ButtonLink>
        </div>
      </AuthPageLayout>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthPageLayout title="Nieuw wachtwoord instellen">
        <div className="flex flex-col gap-5">
          <Alert tone="success">{MESSAGES.resetPasswordSuccess}</Alert>
          <ButtonLink to={ROUTES.login}>Nu inloggen</ButtonLink>
        </div>
      </AuthPageLayout>
    );
  }

  return (
    <AuthPageLayout
      title="Nieuw wachtwoord instellen"
      intro="Kies een nieuw wachtwoord van minimaal 6 tekens."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <PasswordField
          label="Nieuw wachtwoord"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label="Bevestig wachtwoord"
          autoComplete="new-password"
          required
          error={errors.confirm?.message}
          {...form.register('confirm')}
        />
        {tokenError && <Alert>{tokenError}</Alert>}
        {mutation.isError && <Alert>{errorMessage(mutation.error, MESSAGES.resetPasswordFailed)}</Alert>}
        <Button type="submit" size="lg" isBusy={mutation.isPending}>
          {mutation.isPending ? 'Bezig met opslaan...' : 'Wachtwoord opslaan'}
        </Button>
      </form>
    </AuthPageLayout>
  );
}
