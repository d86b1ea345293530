import { type ReactNode, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { type Role, STAFF_ROLES } from '../../shared/domain';
import { dutchFirst, MESSAGES } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';
import { errorMessage } from '../lib/api';
import { homePathForRole } from '../lib/home-path';
import { useMe } from '../lib/me';
import { type Session, SessionContext } from '../lib/session';
import { useTwoFactorStatus } from '../lib/two-factor-status';
import { usePageTitle } from '../lib/use-page-title';
import { isSigningOut, useSignOut } from '../lib/use-sign-out';
import { CenteredContent, PublicLayout } from './public-layout';
import { Alert } from './ui/alert';
import { Button, ButtonLink } from './ui/button';
import { ErrorText } from './ui/error-text';
import { PageSpinner } from './ui/spinner';

interface RequireRoleProps {
  allow: readonly Role[];
  children: ReactNode;
}

/**
 * The route guard of spec section 6: not signed in → /inloggen (with ?next=), no profile →
 * 'Profiel Niet Gevonden', another role → 'Geen Toegang'.
 */
export function RequireRole({ allow, children }: RequireRoleProps) {
  const location = useLocation();
  const me = useMe();
  const data = me.data;
  const session = useMemo<Session | null>(
    () => (data?.profile ? { user: data.user, profile: data.profile } : null),
    [data],
  );

  if (data === undefined) {
    if (me.isError) {
      return (
        <SessionUnavailable
          detail={errorMessage(me.error)}
          onRetry={() => void me.refetch()}
          isRetrying={me.isFetching}
        />
      );
    }
    return <PageSpinner />;
  }
  if (data === null) {
    if (isSigningOut()) return <PageSpinner />;
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`${ROUTES.login}?next=${encodeURIComponent(next)}`} replace />;
  }
  if (!session) return <NoProfile />;
  // Issue 26: a matchmaker an admin deactivated reaches no page (the server refuses every call).
  if (data.account_inactive) return <AccountInactive />;
  if (!allow.includes(session.profile.role)) return <RoleMismatch role={session.profile.role} />;
  return (
    <RequireSecondFactor role={session.profile.role}>
      <SessionContext value={session}>{children}</SessionContext>
    </RequireSecondFactor>
  );
}

/**
 * Issue 17: staff without a second factor while it is required reach nothing (the server answers
 * 403 TWO_FACTOR_REQUIRED): they are led to set it up first.
 */
function RequireSecondFactor({ role, children }: { role: Role; children: ReactNode }) {
  const isStaff = STAFF_ROLES.includes(role);
  const status = useTwoFactorStatus(isStaff);
  if (!isStaff) return children;
  if (status.isPending) return <PageSpinner />;
  if (status.data?.setup_needed) return <Navigate to={ROUTES.twoFactorSetup} replace />;
  // Unknown (the call failed): the pages' own calls answer, and explain, as before.
  return children;
}

function GuardMessage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <PublicLayout>
      <CenteredContent className="text-center">{children}</CenteredContent>
    </PublicLayout>
  );
}

function SignOutButton() {
  const { signOut, isPending } = useSignOut();
  return (
    <Button variant="secondary" onClick={() => void signOut()} isBusy={isPending}>
      Uitloggen
    </Button>
  );
}

function NoProfile() {
  return (
    <GuardMessage title="Profiel niet gevonden">
      <div role="alert">
        <h1 className="font-serif text-3xl font-bold text-stone-900">{MESSAGES.noProfile}</h1>
      </div>
      <p className="mt-4 text-stone-700">
        We konden geen profiel vinden bij je account. Log opnieuw in of neem contact met ons op als dit zo
        blijft.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <SignOutButton />
        <ButtonLink to={ROUTES.home} variant="ghost">
          Naar de startpagina
        </ButtonLink>
      </div>
    </GuardMessage>
  );
}

/** Issue 26: shown instead of every page to a matchmaker an admin deactivated. */
function AccountInactive() {
  return (
    <GuardMessage title="Account niet meer actief">
      <div role="alert">
        <h1 className="font-serif text-3xl font-bold text-stone-900">Je account is niet meer actief</h1>
      </div>
      <p className="mt-4 text-stone-700">
        Een beheerder van Koppel heeft je account als matchmaker gedeactiveerd. Je kunt de klanten, matches en
        andere pagina's voor medewerkers daarom niet meer openen.
      </p>
      <p className="mt-2 text-stone-700">
        Denk je dat dit niet klopt? Neem dan contact op met de beheerder van Koppel.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <SignOutButton />
        <ButtonLink to={ROUTES.home} variant="ghost">
          Naar de startpagina
        </ButtonLink>
      </div>
    </GuardMessage>
  );
}

const HOME_LABELS: Record<Role, string> = {
  client: 'Naar mijn account',
  matchmaker: 'Naar mijn dashboard',
  admin: 'Naar het beheer',
};

function RoleMismatch({ role }: { role: Role }) {
  return (
    <GuardMessage title="Geen toegang">
      <div role="alert">
        <h1 className="font-serif text-3xl font-bold text-stone-900">{MESSAGES.roleMismatch}</h1>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={homePathForRole(role)}>{HOME_LABELS[role]}</ButtonLink>
        <SignOutButton />
      </div>
    </GuardMessage>
  );
}

interface SessionUnavailableProps {
  detail: string;
  onRetry: () => void;
  isRetrying: boolean;
}

function SessionUnavailable({ detail, onRetry, isRetrying }: SessionUnavailableProps) {
  return (
    <GuardMessage title="Er is iets misgegaan">
      <h1 className="font-serif text-3xl font-bold text-stone-900">Er is iets misgegaan</h1>
      <Alert className="mt-6 text-left">
        <div className="font-semibold">
          <ErrorText message={MESSAGES.sessionUnavailable} />
        </div>
        <p className="mt-1">{dutchFirst(detail).text}</p>
      </Alert>
      <div className="mt-8 flex justify-center">
        <Button onClick={onRetry} isBusy={isRetrying}>
          Opnieuw proberen
        </Button>
      </div>
    </GuardMessage>
  );
}
