import { ROUTES } from '../../../../shared/routes';
import type { SiteSession } from '../../../../shared/site';
import { ButtonLink, type ButtonSize, type ButtonVariant } from '../../../components/ui/button';
import { AppLink } from '../../../lib/app-link';
import { homePathForRole } from '../../../lib/home-path';
import { useSiteVisitor } from './site-visitor';

/**
 * Spec section 2: primary buttons lead to the dashboard when signed in, otherwise to sign-up. Each
 * role lands on its own home (a matchmaker on /matchmaker, never on 'Geen Toegang'), and only a
 * client plans an intake.
 */
function sessionTargets(session: SiteSession | null) {
  const homePath = session ? homePathForRole(session.role) : ROUTES.signUp;
  return {
    primary: { to: homePath, label: session ? 'Naar je dashboard' : 'Word gratis lid' },
    intake: {
      to: !session ? ROUTES.signUp : session.role === 'client' ? ROUTES.intakePlanning : homePath,
      label: 'Plan Je Eerste Gesprek',
    },
    // Issue 30: only clients buy a package; staff are told so instead of meeting 'Geen toegang'.
    relaxPlus: isStaff(session) ? null : { to: ROUTES.products, label: 'Kies Relax+' },
  };
}

const isStaff = (session: SiteSession | null) => session?.role === 'matchmaker' || session?.role === 'admin';

/** Said to staff where a client would buy a package. */
export const STAFF_CANNOT_BUY_TEXT =
  'Alleen klanten kiezen een pakket, in hun eigen account. Als medewerker koop je hier niets.';

export interface SessionLinkProps {
  /**
   * 'primary': 'Word gratis lid' or 'Naar je dashboard'; 'intake': 'Plan Je Eerste Gesprek';
   * 'relaxPlus': 'Kies Relax+' (staff: a sentence instead, as they cannot buy).
   */
  target: 'primary' | 'intake' | 'relaxPlus';
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** A landing-page button whose destination and text follow the visitor's session (an island). */
export function SessionLink({ target, variant, size, className }: SessionLinkProps) {
  const link = sessionTargets(useSiteVisitor().session)[target];
  if (!link) return <p className="text-sm text-stone-700">{STAFF_CANNOT_BUY_TEXT}</p>;
  const { to, label } = link;
  return (
    <ButtonLink to={to} variant={variant} size={size} className={className}>
      {label}
    </ButtonLink>
  );
}

/** The hero's two buttons and, signed out, 'Al lid? Log in' (an island). */
export function HeroActions() {
  const { session } = useSiteVisitor();
  return (
    <>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <SessionLink target="primary" size="lg" />
        <SessionLink target="intake" size="lg" variant="secondary" />
      </div>
      {!session && (
        <p className="mt-4 text-sm text-stone-600">
          Al lid?{' '}
          <AppLink to={ROUTES.login} className="font-semibold text-brand-800 underline">
            Log in
          </AppLink>
        </p>
      )}
    </>
  );
}
