import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation } from 'react-router';
import { ROUTES } from '../../../../shared/routes';
import { twoFactorPasswordSchema, verifyTotpSchema } from '../../../../shared/two-factor';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { homePathForRole } from '../../../lib/home-path';
import { meQueryKey, useMe } from '../../../lib/me';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSignOut } from '../../../lib/use-sign-out';
import { AuthPageLayout } from '../../auth/components/auth-page-layout';
import {
  manualKey,
  startTwoFactor,
  type TwoFactorSetup,
  twoFactorStatusQueryKey,
  useTwoFactorStatus,
  verifyTotp,
} from '../api/two-factor';
import { QrCode } from '../components/qr-code';

type Step =
  | { kind: 'password' }
  | { kind: 'scan'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] };

/**
 * /tweestapsverificatie: an authenticator app for this account, outside every shell. Staff who
 * must have one (STAFF_2FA=required) are sent here after the password and reach nothing else.
 */
export function TwoFactorSetupPage() {
  usePageTitle('Tweestapsverificatie instellen');
  const location = useLocation();
  const me = useMe();
  const status = useTwoFactorStatus(Boolean(me.data));
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { signOut, isPending: isSigningOut } = useSignOut();

  if (me.isPending || (me.data && status.isPending)) return <PageSpinner />;
  if (me.isError) return <LoadError error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data)
    return <Navigate to={`${ROUTES.login}?next=${encodeURIComponent(location.pathname)}`} replace />;
  if (status.isError) return <LoadError error={status.error} onRetry={() => void status.refetch()} />;

  const home = homePathForRole(me.data.profile?.role);
  const required = status.data?.setup_needed ?? false;
  const goTo = (next: Step) => {
    setStep(next);
    window.setTimeout(() => titleRef.current?.focus(), 0);
  };

  if (status.data?.enabled && step.kind !== 'codes') {
    return (
      <AuthPageLayout title="Tweestapsverificatie staat aan" titleRef={titleRef}>
        <p className="text-stone-700">
          Je logt in met je wachtwoord en een code uit je authenticator-app. Uitzetten of opnieuw instellen
          doe je in je instellingen.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to={home}>Verder</ButtonLink>
          <ButtonLink to={ROUTES.settings} variant="secondary">
            Naar instellingen
          </ButtonLink>
        </div>
      </AuthPageLayout>
    );
  }

  return (
    <AuthPageLayout
      title={step.kind === 'codes' ? 'Bewaar je back-upcodes' : 'Tweestapsverificatie instellen'}
      titleRef={titleRef}
      intro={
        step.kind === 'password' ? (
          required ? (
            <p>
              Als medewerker van Koppel log je in met je wachtwoord én een code uit een authenticator-app
              (zoals Google Authenticator, Microsoft Authenticator of 1Password). Stel die eerst in: tot dan
              kun je niets anders openen.
            </p>
          ) : (
            <p>
              Met tweestapsverificatie vraagt Koppel bij het inloggen ook een code uit een authenticator-app
              op je telefoon. Wie je wachtwoord kent, kan dan nog niet inloggen.
            </p>
          )
        ) : undefined
      }
      footer={
        required && step.kind !== 'codes' ? (
          <Button variant="ghost" onClick={() => void signOut()} isBusy={isSigningOut}>
            Uitloggen
          </Button>
        ) : !required && step.kind === 'password' ? (
          <ButtonLink to={ROUTES.settings} variant="ghost">
            Terug naar instellingen
          </ButtonLink>
        ) : undefined
      }
    >
      {step.kind === 'password' && <PasswordStep onStarted={(setup) => goTo({ kind: 'scan', setup })} />}
      {step.kind === 'scan' && (
        <ScanStep
          setup={step.setup}
          email={me.data.user.email}
          onConfirmed={() => goTo({ kind: 'codes', codes: step.setup.backupCodes })}
        />
      )}
      {step.kind === 'codes' && <CodesStep codes={step.codes} home={home} />}
    </AuthPageLayout>
  );
}

function PasswordStep({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const form = useForm({ resolver: zodResolver(twoFactorPasswordSchema), defaultValues: { password: '' } });
  const start = useMutation({ mutationFn: startTwoFactor, onSuccess: onStarted });
  const onSubmit = form.handleSubmit(({ password }) => start.mutate(password));
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <PasswordField
        label="Je wachtwoord"
        autoComplete="current-password"
        required
        error={form.formState.errors.password?.message}
        hint="Ter bevestiging dat jij het bent."
        {...form.register('password')}
      />
      {start.isError && <Alert>{errorMessage(start.error)}</Alert>}
      <Button type="submit" size="lg" isBusy={start.isPending}>
        Verder
      </Button>
    </form>
  );
}

function ScanStep({
  setup,
  email,
  onConfirmed,
}: {
  setup: TwoFactorSetup;
  email: string;
  onConfirmed: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(verifyTotpSchema), defaultValues: { code: '' } });
  const confirm = useMutation({
    mutationFn: verifyTotp,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      onConfirmed();
    },
  });
  const key = manualKey(setup.totpURI);
  const onSubmit = form.handleSubmit((input) => confirm.mutate(input));
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <ol className="list-decimal space-y-2 pl-5 text-stone-700">
        <li>Open je authenticator-app en kies om een account toe te voegen.</li>
        <li>Scan de QR-code, of typ de sleutel eronder over.</li>
        <li>Typ de code van 6 cijfers die de app dan toont.</li>
      </ol>
      <div className="flex justify-center">
        <QrCode value={setup.totpURI} label={`QR-code voor je authenticator-app (Koppel, ${email})`} />
      </div>
      <dl>
        <dt className="text-sm font-semibold text-stone-800">Sleutel om over te typen</dt>
        <dd
          data-testid="totp-key"
          className="mt-1 break-all rounded-lg bg-stone-100 px-3 py-2 font-mono text-sm text-stone-900"
        >
          {key}
        </dd>
      </dl>
      <TextField
        label="Code uit je app"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      {confirm.isError && <Alert>{errorMessage(confirm.error)}</Alert>}
      <Button type="submit" size="lg" isBusy={confirm.isPending}>
        Tweestapsverificatie aanzetten
      </Button>
    </form>
  );
}

function CodesStep({ codes, home }: { codes: string[]; home: string }) {
  return (
    <div className="flex flex-col gap-5">
      <Alert tone="success">Tweestapsverificatie staat aan.</Alert>
      <p className="text-stone-700">
        Ben je je telefoon kwijt? Dan log je in met een van deze codes. Elke code werkt één keer. Bewaar ze op
        een veilige plek, bijvoorbeeld in je wachtwoordbeheerder: je ziet ze hier niet meer terug.
      </p>
      <ul aria-label="Back-upcodes" className="grid grid-cols-2 gap-2 font-mono text-sm text-stone-900">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-stone-100 px-3 py-2 text-center">
            {code}
          </li>
        ))}
      </ul>
      <ButtonLink to={home} size="lg">
        Ik heb mijn back-upcodes bewaard
      </ButtonLink>
    </div>
  );
}
