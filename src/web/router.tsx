import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import type { MeResponse } from '../shared/account';
import type { Role } from '../shared/domain';
import { REDIRECTS, ROUTES } from '../shared/routes';
import { FIRST_PAGES } from './app/first-page';
import { queryClient } from './app/query-client';
import { RootLayout } from './app/root-layout';
import { RouteErrorPage } from './app/route-error-page';
import { FirstLoadSpinner } from './components/ui/spinner';
import { cameWithFirstData } from './lib/first-data';
import { ACCESS } from './lib/home-path';
import { meQueryOptions } from './lib/me';
import { twoFactorStatusQueryOptions } from './lib/two-factor-status';

/**
 * Issue 31 (decision 050): a signed-in page's HTML carries its session and data, so its first
 * navigation's loaders wait for them (answered from the page, not the network) and the page renders
 * once with its data rather than again as each answer arrives. Later navigations do not wait.
 */
let waitsForFirstData = cameWithFirstData();

/** What a loader answers: on the first load of a page with its data, once `work` has settled. */
function afterFirstData(work: Promise<unknown>): Promise<null> | null {
  return waitsForFirstData
    ? work.then(
        () => null,
        () => null,
      )
    : null;
}

/** Starts loading the session alongside the guarded area's code, without waiting for it. */
function prefetchSession() {
  void queryClient.prefetchQuery(meQueryOptions);
  return null;
}

/**
 * The client's area: the session and, as soon as it names a client, the answers of the feedback
 * widgets above every client page (app/shell/client-banners.tsx). Asked for with the session rather
 * than once the page has rendered, they come before the page's own data: a widget then no longer
 * appears above a page already drawn and pushes it down (a layout shift).
 */
function prefetchClientSession() {
  const work = queryClient
    .fetchQuery(meQueryOptions)
    .then(async (me) => {
      if (me?.profile?.role !== 'client') return;
      const [intake, matchmaker, conversations, proposed] = await Promise.all([
        import('./features/feedback/api/intake-feedback'),
        import('./features/feedback/api/matchmaker-feedback'),
        import('./features/messages/api/conversations'),
        import('./features/matches/api/proposed-matches'),
      ]);
      await Promise.all([
        queryClient.prefetchQuery(intake.pendingIntakeFeedbackQueryOptions),
        queryClient.prefetchQuery(matchmaker.feedbackRequestsQueryOptions),
        // The navigation's badges: unread messages and open proposals.
        queryClient.prefetchQuery(conversations.myUnreadQueryOptions),
        queryClient.prefetchQuery(proposed.proposedMatchesQueryOptions),
      ]);
    })
    .catch(() => {
      // The guard and the widgets show their own errors.
    });
  return afterFirstData(work);
}

/**
 * The staff areas: the session, and as soon as it names staff, their two-factor status (the guard
 * reads both before the page), instead of asking for the status only once the guard has rendered.
 */
function prefetchStaffSession() {
  const work = queryClient
    .fetchQuery(meQueryOptions)
    .then(async (me) => {
      if (!(await staffMayRead(me)) || me?.profile?.role !== 'matchmaker') return;
      // The matchmaker's navigation badge of unread messages (and the dashboard's waiting clients).
      const conversations = await import('./features/messages/api/conversations');
      await queryClient.prefetchQuery(conversations.staffUnreadQueryOptions);
    })
    .catch(() => {
      // The guard shows the session's error itself.
    });
  return afterFirstData(work);
}

/**
 * Whether the session names active staff who may read the staff APIs: their two-factor status is
 * asked for then (the guard reads it before the page), and when a second factor is still to be set
 * up (the server would refuse with 403) nothing else is asked.
 */
async function staffMayRead(me: MeResponse | null): Promise<boolean> {
  const role = me?.profile?.role;
  if ((role !== 'matchmaker' && role !== 'admin') || me?.account_inactive) return false;
  const status = await queryClient.fetchQuery(twoFactorStatusQueryOptions);
  return !status.setup_needed;
}

/**
 * Issue 31: a page's own data, asked for as soon as the session (and for staff their two-factor
 * status) allows it, beside the page's code, rather than once that code has loaded and rendered.
 * The page reads the same queries. Nothing is asked for a visitor the guard will turn away.
 */
function prefetchPageData(
  roles: readonly Role[],
  prefetch: (me: MeResponse, params: URLSearchParams) => Promise<unknown>,
): NonNullable<RouteObject['loader']> {
  return ({ request }) => {
    const params = new URL(request.url).searchParams;
    const work = queryClient
      .fetchQuery(meQueryOptions)
      .then(async (me) => {
        const role = me?.profile?.role;
        if (!me || !role || !roles.includes(role)) return;
        if (role !== 'client' && !(await staffMayRead(me))) return;
        await prefetch(me, params);
      })
      .catch(() => {
        // The page asks again and shows its own error.
      });
    return afterFirstData(work);
  };
}

/**
 * A guarded area's layout: the roles in `allow` see its pages inside their own role's shell
 * (app/navigation.ts), anyone else the guard's answer. Loaded with the area's first page.
 */
function guarded(allow: readonly Role[]): RouteObject['lazy'] {
  return async () => {
    const { RoleLayout } = await FIRST_PAGES.roleLayout();
    return { Component: () => <RoleLayout allow={allow} /> };
  };
}

/** Redirect routes answer from their loader; this only keeps the route table complete. */
function Redirecting() {
  return null;
}

/** The whole route table of spec section 2. Every page is code-split through `lazy`. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: FirstLoadSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./features/site/pages/home-page')).HomePage }),
      },
      {
        path: ROUTES.signUp,
        lazy: async () => ({ Component: (await FIRST_PAGES.signUp()).SignUpPage }),
      },
      {
        path: ROUTES.login,
        lazy: async () => ({ Component: (await FIRST_PAGES.login()).LoginPage }),
      },
      {
        path: ROUTES.confirmation,
        lazy: async () => ({
          Component: (await import('./features/auth/pages/confirmation-page')).ConfirmationPage,
        }),
      },
      {
        path: ROUTES.success,
        lazy: async () => ({
          Component: (await import('./features/payments/pages/success-page')).SuccessPage,
        }),
      },
      {
        path: `${ROUTES.demoCheckout}/:sessionId`,
        loader: prefetchSession,
        shouldRevalidate: () => false,
        lazy: async () => ({
          Component: (await import('./features/payments/pages/demo-checkout-page')).DemoCheckoutPage,
        }),
      },
      {
        path: ROUTES.resetPassword,
        lazy: async () => ({
          Component: (await import('./features/auth/pages/reset-password-page')).ResetPasswordPage,
        }),
      },
      ...REDIRECTS.map(
        ([from, to]): RouteObject => ({ path: from, loader: () => redirect(to), Component: Redirecting }),
      ),
      {
        path: ROUTES.dashboard,
        loader: prefetchClientSession,
        shouldRevalidate: () => false,
        children: [
          {
            // Every role, inside its own shell: every shell links to the settings page.
            lazy: guarded(ACCESS.account),
            children: [
              {
                path: 'settings',
                lazy: async () => ({
                  Component: (await import('./features/account/pages/settings-page')).SettingsPage,
                }),
              },
              {
                path: 'change-password',
                lazy: async () => ({
                  Component: (await import('./features/account/pages/change-password-page'))
                    .ChangePasswordPage,
                }),
              },
            ],
          },
          {
            lazy: guarded(ACCESS.client),
            children: [
              {
                index: true,
                loader: prefetchPageData(['client'], async (me) => {
                  // The overview's sections (decision 050: one render with their data).
                  const [matchmakers, matches, profile, quiz, intake, magicMatch] = await Promise.all([
                    import('./features/matchmakers/api/matchmakers'),
                    import('./features/matches/api/my-matches'),
                    import('./features/profile/api/profile'),
                    import('./features/quiz/api/quiz'),
                    import('./features/intake/api/intake'),
                    import('./features/magic-match/api/magic-match'),
                  ]);
                  await Promise.all([
                    me.profile?.assigned_matchmaker_id &&
                      queryClient.prefetchQuery(matchmakers.matchmakersQueryOptions),
                    queryClient.prefetchQuery(matches.myMatchesQueryOptions),
                    queryClient.prefetchQuery(profile.profileQueryOptions),
                    queryClient.prefetchQuery(quiz.latestQuizResultQueryOptions),
                    queryClient.prefetchQuery(intake.myIntakeSessionsQueryOptions),
                    queryClient.prefetchQuery(magicMatch.myPackageDatesQueryOptions()),
                  ]);
                }),
                shouldRevalidate: () => false,
                lazy: async () => ({ Component: (await FIRST_PAGES.accountOverview()).AccountOverviewPage }),
              },
              {
                path: 'producten',
                lazy: async () => ({
                  Component: (await import('./features/payments/pages/products-page')).ProductsPage,
                }),
              },
              // Issue 29: payments, invoices and the 14-day withdrawal.
              {
                path: 'aankopen',
                lazy: async () => ({
                  Component: (await import('./features/payments/pages/purchases-page')).PurchasesPage,
                }),
              },
              {
                path: 'profiel-formulier',
                lazy: async () => ({
                  Component: (await import('./features/profile/pages/profile-form-page')).ProfileFormPage,
                }),
              },
              {
                path: 'profiel-overzicht',
                lazy: async () => ({
                  Component: (await import('./features/profile/pages/profile-overview-page'))
                    .ProfileOverviewPage,
                }),
              },
              {
                path: 'intake-planning',
                lazy: async () => ({
                  Component: (await import('./features/intake/pages/intake-planning-page'))
                    .IntakePlanningPage,
                }),
              },
              {
                path: 'matchmakers',
                lazy: async () => ({
                  Component: (await import('./features/matchmakers/pages/matchmakers-page')).MatchmakersPage,
                }),
              },
              {
                path: 'proposed-matches',
                loader: prefetchPageData(['client'], async () => {
                  const [proposed, mine] = await Promise.all([
                    import('./features/matches/api/proposed-matches'),
                    import('./features/matches/api/my-matches'),
                  ]);
                  await Promise.all([
                    queryClient.prefetchQuery(proposed.proposedMatchesQueryOptions),
                    queryClient.prefetchQuery(mine.myMatchesQueryOptions),
                  ]);
                }),
                shouldRevalidate: () => false,
                lazy: async () => ({ Component: (await FIRST_PAGES.proposedMatches()).ProposedMatchesPage }),
              },
              {
                path: 'match-accepted',
                lazy: async () => ({
                  Component: (await import('./features/matches/pages/match-accepted-page')).MatchAcceptedPage,
                }),
              },
              {
                path: 'feedback/:feedbackId',
                lazy: async () => ({
                  Component: (await import('./features/feedback/pages/feedback-page')).FeedbackPage,
                }),
              },
              // Issue 32: the conversation with the matchmaker.
              {
                path: 'berichten',
                lazy: async () => ({
                  Component: (await import('./features/messages/pages/client-messages-page'))
                    .ClientMessagesPage,
                }),
              },
              {
                path: 'quiz',
                lazy: async () => ({ Component: (await import('./features/quiz/pages/quiz-page')).QuizPage }),
              },
              {
                path: 'quiz/resultaten',
                lazy: async () => ({
                  Component: (await import('./features/quiz/pages/quiz-results-page')).QuizResultsPage,
                }),
              },
            ],
          },
        ],
      },
      {
        path: ROUTES.matchmaker,
        loader: prefetchStaffSession,
        shouldRevalidate: () => false,
        children: [
          {
            // The staff APIs' pages: admins open them too, inside the admin shell.
            lazy: guarded(ACCESS.staff),
            children: [
              {
                path: 'matches',
                lazy: async () => ({
                  Component: (await import('./features/matches/pages/matchmaker-matches-page'))
                    .MatchmakerMatchesPage,
                }),
              },
              // Issue 15: the dashboard (an admin's: the agency's) and the clients, for every staff role.
              {
                index: true,
                loader: prefetchPageData(['matchmaker', 'admin'], async (me, params) => {
                  const isAdmin = me.profile?.role === 'admin';
                  const [dashboard, matchmakers, tasks, intake] = await Promise.all([
                    import('./features/workspace/api/dashboard'),
                    import('./features/matchmakers/api/matchmakers'),
                    import('./features/tasks/api/tasks'),
                    import('./features/intake/api/intake'),
                  ]);
                  await Promise.all([
                    // The workspace's sections (decision 050: one render with their data).
                    queryClient.prefetchQuery(tasks.tasksQueryOptions),
                    queryClient.prefetchQuery(intake.staffIntakeSessionsQueryOptions()),
                    queryClient.prefetchQuery(intake.unassignedBookingsQueryOptions),
                    queryClient.prefetchQuery(
                      dashboard.dashboardQueryOptions(
                        isAdmin ? (params.get('matchmaker') ?? undefined) : undefined,
                      ),
                    ),
                    isAdmin && queryClient.prefetchQuery(matchmakers.matchmakersQueryOptions),
                  ]);
                }),
                lazy: async () => ({ Component: (await FIRST_PAGES.workspace()).WorkspacePage }),
              },
              {
                path: 'clients',
                loader: prefetchPageData(['matchmaker', 'admin'], async (_me, params) => {
                  const clients = await import('./features/clients/api/clients');
                  await queryClient.prefetchQuery(
                    clients.clientListQueryOptions(clients.clientListQueryFromAddress(params)),
                  );
                }),
                lazy: async () => ({ Component: (await FIRST_PAGES.clients()).ClientsPage }),
              },
              {
                path: 'clients/:clientId',
                lazy: async () => ({
                  Component: (await import('./features/clients/pages/client-file-page')).ClientFilePage,
                }),
              },
              // Issue 32: a matchmaker's conversations (an admin reads one client's from the file).
              {
                path: 'berichten',
                lazy: async () => ({
                  Component: (await import('./features/messages/pages/inbox-page')).InboxPage,
                }),
              },
              // Issue 13: admins read every matchmaker's intake feedback, with names.
              {
                path: 'feedback',
                lazy: async () => ({
                  Component: (await import('./features/feedback/pages/intake-feedback-page'))
                    .IntakeFeedbackPage,
                }),
              },
              // Issue 16: magic match, for a matchmaker's clients (an admin: every client's).
              {
                path: 'magic-match',
                lazy: async () => ({
                  Component: (await import('./features/magic-match/pages/magic-match-page')).MagicMatchPage,
                }),
              },
              {
                path: 'clients/:clientId/magic-match-overview',
                lazy: async () => ({
                  Component: (await import('./features/magic-match/pages/magic-match-overview-page'))
                    .MagicMatchOverviewPage,
                }),
              },
              {
                path: 'clients/:clientId/magic-match/results',
                lazy: async () => ({
                  Component: (await import('./features/magic-match/pages/magic-match-results-page'))
                    .MagicMatchResultsPage,
                }),
              },
            ],
          },
        ],
      },
      {
        path: ROUTES.admin,
        loader: prefetchStaffSession,
        shouldRevalidate: () => false,
        lazy: guarded(ACCESS.admin),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./features/admin/pages/admin-home-page')).AdminHomePage,
            }),
          },
          // Issue 17 (item 4): the admin console.
          {
            path: 'medewerkers',
            lazy: async () => ({
              Component: (await import('./features/admin/pages/admin-staff-page')).AdminStaffPage,
            }),
          },
          {
            path: 'medewerkers/:memberId',
            lazy: async () => ({
              Component: (await import('./features/admin/pages/admin-staff-member-page'))
                .AdminStaffMemberPage,
            }),
          },
          {
            path: 'klanten',
            lazy: async () => ({
              Component: (await import('./features/admin/pages/admin-clients-page')).AdminClientsPage,
            }),
          },
          {
            path: 'klanten/:clientId',
            lazy: async () => ({
              Component: (await import('./features/admin/pages/admin-client-page')).AdminClientPage,
            }),
          },
          {
            path: 'feedback',
            lazy: async () => ({
              Component: (await import('./features/admin/pages/admin-feedback-page')).AdminFeedbackPage,
            }),
          },
          {
            path: 'cijfers',
            lazy: async () => ({
              Component: (await import('./features/admin/pages/admin-numbers-page')).AdminNumbersPage,
            }),
          },
          // Issue 29: payments, refunds, withdrawals, revenue and the VAT CSV.
          {
            path: 'betalingen',
            lazy: async () => ({
              Component: (await import('./features/payments/pages/admin-payments-page')).AdminPaymentsPage,
            }),
          },
          // Issue 18 (point 5): the outbox's failed e-mails.
          {
            path: 'e-mails',
            lazy: async () => ({
              Component: (await import('./features/admin/pages/admin-emails-page')).AdminEmailsPage,
            }),
          },
        ],
      },
      {
        path: ROUTES.publicMatchmakers,
        lazy: async () => ({
          Component: (await import('./features/site/pages/public-matchmakers-page')).PublicMatchmakersPage,
        }),
      },
      {
        path: ROUTES.terms,
        lazy: async () => ({
          Component: (await import('./features/site/pages/terms-page')).TermsPage,
        }),
      },
      {
        path: ROUTES.privacy,
        lazy: async () => ({
          Component: (await import('./features/site/pages/privacy-page')).PrivacyPage,
        }),
      },
      // Issue 17: setting up two-factor login (its own guard: any signed-in account).
      {
        path: ROUTES.twoFactorSetup,
        lazy: async () => ({
          Component: (await import('./features/two-factor/pages/two-factor-setup-page')).TwoFactorSetupPage,
        }),
      },
      {
        path: ':slug',
        lazy: async () => ({
          Component: (await import('./features/site/pages/public-matchmaker-page')).PublicMatchmakerPage,
        }),
      },
      { path: '*', loader: () => redirect(ROUTES.home), Component: Redirecting },
    ],
  },
];

export const router = createBrowserRouter(routes);
router.subscribe((state) => {
  if (state.initialized) waitsForFirstData = false;
});
