import { useMutation } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../shared/messages';
import { ROUTES } from '../../../../shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { MailIcon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import { rememberedConfirmationEmail } from '../api/auth-paths';
import { sendVerificationEmail } from '../api/auth-requests';
import { AuthPageLayout } from '../components/auth-page-layout';

/** Router state the sign-up page passes along. */
export interface ConfirmationState {
  email: string;
}

function emailFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const email = (state as Partial<ConfirmationState>).email;
  return typeof email === 'string' && email ? email : null;
}

export function ConfirmationPage() {
  usePageTitle('Bevestig je e-mailadres');
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const email = emailFromState(location.state) ?? searchParams.get('email') ?? rememberedConfirmationEmail();
  const resend = useMutation({ mutationFn: sendVerificationEmail });

  return (
    <AuthPageLayout title="Bevestig je e-mailadres">
      <div className="flex flex-col gap-5 text-stone-800">
        <div className="flex items-start gap-3 rounded-xl bg-brand-50 p-4">
          <MailIcon className="mt-0.5 size-6 shrink-0 text-brand-800" />
          <p>
            {email ? (
              <>
                We hebben een bevestigingsmail gestuurd naar <strong className="break-all">{email}</strong>.
              </>
            ) : (
              'We hebben je een bevestigingsmail gestuurd.'
            )}
          </p>
        </div>
        <div>
          <h2 className="font-semibold text-stone-900">Wat nu?</h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>Open de e-mail van Koppel.</li>
            <li>Klik op de bevestigingslink om je account te activeren.</li>
            <li>Log daarna in met je e-mailadres en wachtwoord.</li>
          </ol>
          <p className="mt-3 text-sm text-stone-700">
            Geen e-mail ontvangen? Kijk ook in je map met ongewenste e-mail (spam).
          </p>
        </div>

        {email && (
          <div className="flex flex-col gap-3">
            {resend.isSuccess && <Alert tone="success">{MESSAGES.confirmationResent}</Alert>}
            {resend.isError && <Alert>{errorMessage(resend.error)}</Alert>}
            <Button variant="secondary" isBusy={resend.isPending} onClick={() => resend.mutate(email)}>
              {MESSAGES.resendConfirmation}
            </Button>
          </div>
        )}

        <div className="flex flex-col gap-3 border-t border-stone-200 pt-5 sm:flex-row">
          <ButtonLink to={ROUTES.login} className="flex-1">
            Inloggen
          </ButtonLink>
          <ButtonLink to={ROUTES.home} variant="secondary" className="flex-1">
            Terug naar home
          </ButtonLink>
        </div>
      </div>
    </AuthPageLayout>
  );
}
