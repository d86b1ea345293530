import { MESSAGES } from '../../../../shared/messages';
import { ROUTES } from '../../../../shared/routes';
import type { LoginNotice } from '../../../../shared/site';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import type { AuthFormTexts } from '../static/form-dom';
import { AuthPageLayout } from './auth-page-layout';
import { LoginNotices } from './login-notices';
import { PasswordStrength } from './password-strength';
import { SignUpConsentNote } from './sign-up-consent-note';

/**
 * Issue 31 (decision 044): the login and sign-up pages as the server renders them for a visitor who
 * is not signed in. The markup is the app's (the same layout, fields and buttons); what the app's
 * React does, the small script of `auth-entry.ts` does here (`static/`), reading the texts it needs
 * from the form's `data-texts`, so the page ships neither React nor the message catalogue.
 */

const TEXTS: AuthFormTexts = {
  allFieldsRequired: MESSAGES.allFieldsRequired,
  loginFailed: MESSAGES.loginFailed,
  emailNotVerified: MESSAGES.emailNotVerified,
  resendConfirmation: MESSAGES.resendConfirmation,
  confirmationResent: MESSAGES.confirmationResent,
  sessionUnavailable: MESSAGES.sessionUnavailable,
  serverError: MESSAGES.serverError,
  networkError: MESSAGES.networkError,
};

const LINK_CLASSES = 'font-semibold text-brand-800 underline underline-offset-2';

/** Where an alert of the script goes: a box of its own would add a gap to the form's column. */
function Slot({ name }: { name: 'missing' | 'errors' }) {
  return <div data-slot={name} className="contents" />;
}

export function LoginStaticView({ next, notices }: { next: string | null; notices: LoginNotice[] }) {
  const keep = new URLSearchParams(next ? { next } : {});
  const forgot = new URLSearchParams(keep);
  forgot.set('modus', 'wachtwoord-vergeten');
  const texts: AuthFormTexts = { ...TEXTS, busy: 'Bezig met inloggen...' };
  return (
    <AuthPageLayout
      title="Inloggen"
      intro="Welkom terug bij Koppel."
      footer={
        <>
          Nog geen account?{' '}
          <a href={ROUTES.signUp} className={LINK_CLASSES}>
            Meld je gratis aan
          </a>
        </>
      }
    >
      <LoginNotices notices={notices} />
      {/* POST, so that a submit before the script has run never puts the password in an address. */}
      <form
        method="post"
        action={`${ROUTES.login}${keep.size ? `?${keep}` : ''}`}
        noValidate
        data-auth-form="login"
        data-texts={JSON.stringify(texts)}
        className="flex flex-col gap-5"
      >
        <Slot name="missing" />
        <TextField
          label="E-mailadres"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <div>
          <PasswordField label="Wachtwoord" name="password" autoComplete="current-password" required />
          <div className="mt-2 text-right">
            <a href={`${ROUTES.login}?${forgot}`} className={`text-sm ${LINK_CLASSES}`}>
              Wachtwoord vergeten?
            </a>
          </div>
        </div>
        <Slot name="errors" />
        <Button type="submit" size="lg">
          Inloggen
        </Button>
      </form>
    </AuthPageLayout>
  );
}

export function SignUpStaticView() {
  const texts: AuthFormTexts = { ...TEXTS, busy: 'Account wordt aangemaakt...' };
  return (
    <AuthPageLayout
      title="Aanmelden"
      intro="Maak gratis je account aan en word lid van de Koppel-community."
      footer={
        <>
          Heb je al een account?{' '}
          <a href={ROUTES.login} className={LINK_CLASSES}>
            Log in
          </a>
        </>
      }
    >
      <form
        method="post"
        action={ROUTES.signUp}
        noValidate
        data-auth-form="sign-up"
        data-texts={JSON.stringify(texts)}
        className="flex flex-col gap-5"
      >
        <Slot name="missing" />
        <TextField label="Volledige naam" name="full_name" autoComplete="name" required />
        <TextField
          label="E-mailadres"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <PasswordField
          label="Wachtwoord"
          name="password"
          autoComplete="new-password"
          required
          hint={
            <>
              <span>Minimaal 6 tekens.</span>
              <PasswordStrength password="" />
            </>
          }
        />
        <Slot name="errors" />
        <SignUpConsentNote />
        <Button type="submit" size="lg">
          Account aanmaken
        </Button>
      </form>
    </AuthPageLayout>
  );
}
