import type { Role } from './domain';
import type { MatchmakerProfile, MatchmakerSummary } from './matchmakers';

/** What the public pages know of a signed-in visitor (for their buttons and the scheduler prefill). */
export interface SiteSession {
  role: Role | null;
  full_name: string | null;
  email: string;
}

/**
 * The data a prerendered public page was rendered with; the server embeds it in the page and the
 * browser hydrates from it, so both render the same thing.
 */
export type SitePageData =
  | { page: 'home'; session: SiteSession | null; matchmakers: MatchmakerSummary[] }
  | { page: 'matchmakers'; session: SiteSession | null; matchmakers: MatchmakerSummary[] }
  /** The privacy statement (issue 14). */
  | { page: 'privacy'; session: SiteSession | null }
  /** The terms and conditions (issue 29). */
  | { page: 'terms'; session: SiteSession | null }
  /**
   * Issue 31 (decision 044): the login form, rendered on the server for a visitor who is not signed
   * in; `next` is the `?next=` the form keeps, `notices` the messages its address asks for.
   */
  | { page: 'login'; session: null; next: string | null; notices: LoginNotice[] }
  /** Issue 31 (decision 044): the sign-up form, rendered on the server. */
  | { page: 'sign-up'; session: null }
  | {
      page: 'matchmaker';
      session: SiteSession | null;
      slug: string;
      matchmaker: MatchmakerProfile | null;
      /**
       * Set by the app when its own request for the profile fails (the page shows 'Fout bij
       * laden'); the server never sets it: when it cannot load a page, the app renders it instead.
       */
      error?: string;
    };

/** What the login page's address asks it to say: after deleting the account, after the e-mail link. */
export type LoginNotice = 'account-deleted' | 'verified' | 'invalid-verification';

/**
 * The messages the login page's address asks for (`?verwijderd=1`, `?bevestigd=1`, `?error=`),
 * read the same way by the app's page and by the server for the prerendered one (decision 044).
 */
export function loginNoticesOf(query: { get(name: string): string | null | undefined }): LoginNotice[] {
  const notices: LoginNotice[] = [];
  const hasError = Boolean(query.get('error'));
  if (query.get('verwijderd') === '1') notices.push('account-deleted');
  if (query.get('bevestigd') === '1' && !hasError) notices.push('verified');
  if (hasError) notices.push('invalid-verification');
  return notices;
}

/** The pages whose form works with the small script of `auth-entry.ts`, not the islands. */
export type AuthPageData = Extract<SitePageData, { page: 'login' | 'sign-up' }>;

/** The public pages proper, whose interactive parts are islands. */
export type PublicPageData = Exclude<SitePageData, AuthPageData>;

/**
 * What the browser of a prerendered page reads from its data script: the visitor, shared by the
 * page's islands (their other props travel with each island).
 */
export interface SiteBrowserData {
  session: SiteSession | null;
}

/** The id of the JSON script element that carries SiteBrowserData. */
export const SITE_DATA_ELEMENT_ID = 'site-data';

/** The agency's contact details (footer and matchmaker pages). */
export const AGENCY_CONTACT = {
  name: 'Koppel',
  legal_name: 'Koppel Matchmaking',
  email: 'hallo@koppel.example',
  /** The fixed placeholder phone number of spec section 2. */
  phone: '+32 2 123 45 67',
  street: 'Louizalaan 54',
  postal_code: '1050',
  city: 'Brussel',
  country: 'België',
  /** Spec section 2: Brussels, Belgium. */
  location: 'Brussel, België',
  /** Spec section 2: Mon-Fri 9:00-17:00. */
  availability: 'Ma - Vr 9:00 - 17:00',
} as const;
