import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type SignUpInput, signUpSchema } from '../../../../shared/auth';
import { MESSAGES } from '../../../../shared/messages';
import { ROUTES } from '../../../../shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import { signUp } from '../api/auth-requests';
import { AuthPageLayout } from '../components/auth-page-layout';
import { PasswordStrength } from '../components/password-strength';
import { SignUpConsentNote } from '../components/sign-up-consent-note';
import type { ConfirmationState } from './confirmation-page';

type SignUpField = keyof SignUpInput;
const FIELDS: readonly SignUpField[] = ['full_name', 'email', 'password'];

export function SignUpPage() {
  usePageTitle('Aanmelden');
  const navigate = useNavigate();
  const formErrorId = useId();
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: { full_name: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const [password = '', fullName = '', email = ''] = useWatch({
    control: form.control,
    name: ['password', 'full_name', 'email'],
  });

  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: (_data, input) => {
      const state: ConfirmationState = { email: input.email };
      void navigate(ROUTES.confirmation, { state });
    },
  });

  // Empty fields share one form-level message; other problems are shown at their field.
  const missing = FIELDS.filter((field) => errors[field]?.message === MESSAGES.allFieldsRequired);
  const fieldError = (field: SignUpField) => {
    const message = errors[field]?.message;
    return message && message !== MESSAGES.allFieldsRequired ? message : undefined;
  };
  const describedByMissing = (field: SignUpField) => (missing.includes(field) ? formErrorId : undefined);

  const onSubmit = form.handleSubmit((values) => {
    mutation.reset();
    mutation.mutate({ fullName: values.full_name, email: values.email, password: values.password });
  });

  return (
    <AuthPageLayout
      title="Aanmelden"
      intro="Maak gratis je account aan en word lid van de Koppel-community."
      footer={
        <>
          Heb je al een account?{' '}
          <Link to={ROUTES.login} className="font-semibold text-brand-800 underline underline-offset-2">
            Log in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {missing.length > 0 && <Alert id={formErrorId}>{MESSAGES.allFieldsRequired}</Alert>}
        <TextField
          label="Volledige naam"
          autoComplete="name"
          required
          error={fieldError('full_name')}
          invalid={missing.includes('full_name')}
          describedBy={describedByMissing('full_name')}
          {...form.register('full_name')}
        />
        <TextField
          label="E-mailadres"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={fieldError('email')}
          invalid={missing.includes('email')}
          describedBy={describedByMissing('email')}
          {...form.register('email')}
        />
        <PasswordField
          label="Wachtwoord"
          autoComplete="new-password"
          required
          error={fieldError('password')}
          invalid={missing.includes('password')}
          describedBy={describedByMissing('password')}
          hint={
            <>
              <span>Minimaal 6 tekens.</span>
              <PasswordStrength password={password} userInputs={[fullName, email].filter(Boolean)} />
            </>
          }
          {...form.register('password')}
        />
        {mutation.isError && <Alert>{errorMessage(mutation.error)}</Alert>}
        <SignUpConsentNote />
        <Button type="submit" size="lg" isBusy={mutation.isPending}>
          {mutation.isPending ? 'Account wordt aangemaakt...' : 'Account aanmaken'}
        </Button>
      </form>
    </AuthPageLayout>
  );
}
