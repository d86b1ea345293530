import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { MESSAGES } from '../../../../shared/messages';
import { ROUTES } from '../../../../shared/routes';
import { loginNoticesOf } from '../../../../shared/site';
import { twoFactorRedirectSchema } from '../../../../shared/two-factor';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import { ApiError, AuthError, errorMessage } from '../../../lib/api';
import { homePathForRole, safeNextPath } from '../../../lib/home-path';
import { meQueryKey, meQueryOptions } from '../../../lib/me';
import { usePageTitle } from '../../../lib/use-page-title';
import { TwoFactorLoginForm } from '../../two-factor/components/two-factor-login-form';
import { requestPasswordReset, sendVerificationEmail, signIn } from '../api/auth-requests';
import { AuthPageLayout } from '../components/auth-page-layout';
import { LoginNotices } from '../components/login-notices';

const MODE_PARAM = 'modus';
const FORGOT_MODE = 'wachtwoord-vergeten';
/**
 * `?stap=code`: the password was right and the code is next. The prerendered login form (decision
 * 044) comes here after the password step of an account with two-factor login on; better-auth keeps
 * that step in its cookie, so the code form works after the page load.
 */
const STEP_PARAM = 'stap';
const CODE_STEP = 'code';
/** How long to wait for the profile after signing in before letting the guard explain. */
const PROFILE_WAIT_MS = 10_000;

const loginSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.allFieldsRequired),
  password: z.string().min(1, MESSAGES.allFieldsRequired),
});

const forgotSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.emailRequired).email(MESSAGES.invalidEmail),
});

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = searchParams.get(MODE_PARAM) === FORGOT_MODE ? 'forgot' : 'login';
  const next = searchParams.get('next');
  const [isAwaitingProfile, setIsAwaitingProfile] = useState(false);
  const [sessionError, setSessionError] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState('');
  /** Issue 17: the password was right and the account has two-factor login on: a code is next. */
  const [needsCode, setNeedsCode] = useState(() => searchParams.get(STEP_PARAM) === CODE_STEP);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownMode = useRef(mode);

  // Arriving at the code step from the prerendered form: its heading has the focus, as it has
  // when the step follows the password in this page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (searchParams.get(STEP_PARAM) === CODE_STEP) titleRef.current?.focus();
  }, []);

  usePageTitle(mode === 'login' ? 'Inloggen' : 'Wachtwoord vergeten');

  const me = useQuery({
    ...meQueryOptions,
    refetchInterval: (query) => (isAwaitingProfile && !query.state.data?.profile ? 500 : false),
  });
  const profile = me.data?.profile;

  // Signed in with a profile (just now, or already when opening the page): on to the right area.
  useEffect(() => {
    if (!profile) return;
    void navigate(safeNextPath(next, profile.role) ?? homePathForRole(profile.role), { replace: true });
  }, [profile, next, navigate]);

  useEffect(() => {
    if (!isAwaitingProfile) return;
    const timer = window.setTimeout(() => {
      setIsAwaitingProfile(false);
      const data = queryClient.getQueryData(meQueryOptions.queryKey);
      // Signed in without a profile: the guard explains ('Profiel Niet Gevonden').
      if (data?.user) void navigate(ROUTES.dashboard, { replace: true });
      else setSessionError(MESSAGES.sessionUnavailable);
    }, PROFILE_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [isAwaitingProfile, navigate, queryClient]);

  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    titleRef.current?.focus();
  }, [mode]);

  const setMode = (newMode: 'login' | 'forgot') => {
    const params = new URLSearchParams(searchParams);
    if (newMode === 'forgot') params.set(MODE_PARAM, FORGOT_MODE);
    else params.delete(MODE_PARAM);
    setSearchParams(params);
  };

  const handleSignedIn = async () => {
    setNeedsCode(false);
    setSessionError(null);
    setIsAwaitingProfile(true);
    await queryClient.refetchQueries({ queryKey: meQueryKey });
  };

  // Issue 31: the form is there at once, not after the session's answer (a visitor opening this
  // page is nearly always signed out); a signed-in one is sent on by the effect above when it comes.

  if (mode === 'forgot') {
    return (
      <AuthPageLayout
        title="Wachtwoord vergeten"
        intro="Geef het e-mailadres van je account. We sturen je een link om een nieuw wachtwoord te kiezen."
        titleRef={titleRef}
      >
        <ForgotPasswordForm initialEmail={lastEmail} onBack={() => setMode('login')} />
      </AuthPageLayout>
    );
  }

  if (needsCode && !profile) {
    return (
      <AuthPageLayout
        title="Tweestapsverificatie"
        intro="Nog één stap: bevestig dat jij het bent."
        titleRef={titleRef}
      >
        <TwoFactorLoginForm
          onSignedIn={() => void handleSignedIn()}
          onRestart={() => {
            setNeedsCode(false);
            if (searchParams.has(STEP_PARAM)) {
              const params = new URLSearchParams(searchParams);
              params.delete(STEP_PARAM);
              setSearchParams(params, { replace: true });
            }
          }}
        />
      </AuthPageLayout>
    );
  }

  return (
    <AuthPageLayout
      title="Inloggen"
      intro="Welkom terug bij Koppel."
      titleRef={titleRef}
      footer={
        <>
          Nog geen account?{' '}
          <Link to={ROUTES.signUp} className="font-semibold text-brand-800 underline underline-offset-2">
            Meld je gratis aan
          </Link>
        </>
      }
    >
      <LoginNotices notices={loginNoticesOf(searchParams)} />
      <LoginForm
        isAwaitingProfile={isAwaitingProfile}
        sessionError={sessionError}
        onEmailChange={setLastEmail}
        onSignedIn={handleSignedIn}
        onSecondFactor={() => {
          setNeedsCode(true);
          window.setTimeout(() => titleRef.current?.focus(), 0);
        }}
        forgotLink={
          <Link
            to={{ search: withParam(searchParams, MODE_PARAM, FORGOT_MODE) }}
            className="text-sm font-semibold text-brand-800 underline underline-offset-2"
          >
            Wachtwoord vergeten?
          </Link>
        }
      />
    </AuthPageLayout>
  );
}

function withParam(searchParams: URLSearchParams, key: string, value: string): string {
  const params = new URLSearchParams(searchParams);
  params.set(key, value);
  return `?${params.toString()}`;
}

interface LoginFormProps {
  isAwaitingProfile: boolean;
  sessionError: string | null;
  onEmailChange: (email: string) => void;
  onSignedIn: () => Promise<void>;
  onSecondFactor: () => void;
  forgotLink: ReactNode;
}

function LoginForm({
  isAwaitingProfile,
  sessionError,
  onEmailChange,
  onSignedIn,
  onSecondFactor,
  forgotLink,
}: LoginFormProps) {
  const formErrorId = useId();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const isMissing = Boolean(errors.email || errors.password);

  const login = useMutation({
    mutationFn: signIn,
    onSuccess: (data) => (twoFactorRedirectSchema.safeParse(data).success ? onSecondFactor() : onSignedIn()),
    onError: (error, input) => {
      if (error instanceof AuthError && error.authCode === 'EMAIL_NOT_VERIFIED')
        setUnverifiedEmail(input.email);
    },
  });
  const resend = useMutation({ mutationFn: sendVerificationEmail });

  const onSubmit = form.handleSubmit((values) => {
    setUnverifiedEmail(null);
    resend.reset();
    login.mutate(values);
  });

  const loginError = (() => {
    if (!login.isError || unverifiedEmail) return null;
    const error = login.error;
    if (error instanceof ApiError && error.status === 401) return MESSAGES.loginFailed;
    return errorMessage(error);
  })();
  const isBusy = login.isPending || isAwaitingProfile;
  const emailField = form.register('email');

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {isMissing && <Alert id={formErrorId}>{MESSAGES.allFieldsRequired}</Alert>}
      <TextField
        label="E-mailadres"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        invalid={Boolean(errors.email)}
        describedBy={errors.email ? formErrorId : undefined}
        {...emailField}
        onChange={(event) => {
          onEmailChange(event.target.value);
          return emailField.onChange(event);
        }}
      />
      <div>
        <PasswordField
          label="Wachtwoord"
          autoComplete="current-password"
          required
          invalid={Boolean(errors.password)}
          describedBy={errors.password ? formErrorId : undefined}
          {...form.register('password')}
        />
        <div className="mt-2 text-right">{forgotLink}</div>
      </div>

      {loginError && <Alert>{loginError}</Alert>}
      {sessionError && <Alert>{sessionError}</Alert>}
      {unverifiedEmail && (
        <div className="flex flex-col gap-3">
          <Alert>{MESSAGES.emailNotVerified}</Alert>
          {resend.isSuccess && <Alert tone="success">{MESSAGES.confirmationResent}</Alert>}
          {resend.isError && <Alert>{errorMessage(resend.error)}</Alert>}
          <Button
            variant="secondary"
            isBusy={resend.isPending}
            onClick={() => resend.mutate(unverifiedEmail)}
          >
            {MESSAGES.resendConfirmation}
          </Button>
        </div>
      )}

      <Button type="submit" size="lg" isBusy={isBusy}>
        {isBusy ? 'Bezig met inloggen...' : 'Inloggen'}
      </Button>
    </form>
  );
}

function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const form = useForm({ resolver: zodResolver(forgotSchema), defaultValues: { email: initialEmail } });
  const request = useMutation({ mutationFn: requestPasswordReset });

  const onSubmit = form.handleSubmit((values) => {
    request.reset();
    request.mutate(values.email);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <TextField
        label="E-mailadres"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      {request.isSuccess && <Alert tone="success">{MESSAGES.resetEmailSent}</Alert>}
      {request.isError && <Alert>{MESSAGES.resetEmailFailed}</Alert>}
      <Button type="submit" size="lg" isBusy={request.isPending}>
        {request.isPending ? 'Bezig met versturen...' : 'Verstuur reset link'}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        Terug naar inloggen
      </Button>
    </form>
  );
}
