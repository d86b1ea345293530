/** Paths the app links to, once. */
export const ROUTES = {
  home: '/',
  /** The public list of the active matchmakers (prerendered, like /{slug}). */
  publicMatchmakers: '/matchmakers',
  signUp: '/aanmelden',
  login: '/inloggen',
  confirmation: '/bevestiging',
  success: '/success',
  /** The demo payment provider's checkout page (local installs only), followed by the session id. */
  demoCheckout: '/testbetaling',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  products: '/dashboard/producten',
  profileForm: '/dashboard/profiel-formulier',
  profileOverview: '/dashboard/profiel-overzicht',
  intakePlanning: '/dashboard/intake-planning',
  matchmakers: '/dashboard/matchmakers',
  proposedMatches: '/dashboard/proposed-matches',
  matchAccepted: '/dashboard/match-accepted',
  quiz: '/dashboard/quiz',
  quizResults: '/dashboard/quiz/resultaten',
  changePassword: '/dashboard/change-password',
  settings: '/dashboard/settings',
  /** Issue 32: the client's conversation with their matchmaker. */
  messages: '/dashboard/berichten',
  /** Issue 29: the client's payments, invoices and credit notes, and the 14-day withdrawal. */
  purchases: '/dashboard/aankopen',
  matchmaker: '/matchmaker',
  matchmakerClients: '/matchmaker/clients',
  matchmakerMatches: '/matchmaker/matches',
  magicMatch: '/matchmaker/magic-match',
  matchmakerFeedback: '/matchmaker/feedback',
  /** Issue 32: the matchmaker's conversations, whoever waited longest first. */
  matchmakerInbox: '/matchmaker/berichten',
  /** The admin's area: its home page; the admin console follows (issue 17). */
  admin: '/admin',
  /** The privacy statement (issue 14), prerendered like the other public pages. */
  privacy: '/privacy',
  /** Issue 29: the terms and conditions (algemene voorwaarden), prerendered like /privacy. */
  terms: '/voorwaarden',
  /** Issue 17: setting up two-factor login, outside every shell (staff land here when it is required). */
  twoFactorSetup: '/tweestapsverificatie',
  // Issue 17 (item 4): the admin console.
  adminStaff: '/admin/medewerkers',
  adminClients: '/admin/klanten',
  adminFeedback: '/admin/feedback',
  adminNumbers: '/admin/cijfers',
  /** Issue 18 (point 5): e-mails that gave up (decision 007), to resend. */
  adminEmails: '/admin/e-mails',
  /** Issue 29: payments, refunds, withdrawals, revenue and the VAT CSV. */
  adminPayments: '/admin/betalingen',
} as const;

/** The six redirects of spec section 2. */
export const REDIRECTS: ReadonlyArray<readonly [from: string, to: string]> = [
  ['/mijn-account', '/dashboard'],
  ['/producten', '/dashboard/producten'],
  ['/profiel-formulier', '/dashboard/profiel-formulier'],
  ['/profiel-succes', '/dashboard/profiel-overzicht'],
  ['/intake-planning', '/dashboard/intake-planning'],
  ['/contracten', '/dashboard'],
];

/**
 * First path segments the app itself uses: never a matchmaker's slug, and never looked up as one.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(
  [...Object.values(ROUTES), ...REDIRECTS.map(([from]) => from), '/api', '/dev', '/assets', '/images']
    .map((path) => path.split('/')[1] ?? '')
    .filter((segment) => segment !== ''),
);
