import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import type { Role } from '../shared/domain';
import { REDIRECTS, ROUTES } from '../shared/routes';
import { queryClient } from './app/query-client';
import { RootLayout } from './app/root-layout';
import { RouteErrorPage } from './app/route-error-page';
import { PageSpinner } from './components/ui/spinner';
import { ACCESS } from './lib/home-path';
import { meQueryOptions } from './lib/me';

/** Starts loading the session alongside the guarded area's code, without waiting for it. */
function prefetchSession() {
  void queryClient.prefetchQuery(meQueryOptions);
  return null;
}

/**
 * A guarded area's layout: the roles in `allow` see its pages inside their own role's shell
 * (app/navigation.ts), anyone else the guard's answer. Loaded with the area's first page.
 */
function guarded(allow: readonly Role[]): RouteObject['lazy'] {
  return async () => {
    const { RoleLayout } = await import('./app/layouts/role-layout');
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
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./features/site/pages/home-page')).HomePage }),
      },
      {
        path: ROUTES.signUp,
        lazy: async () => ({ Component: (await import('./features/auth/pages/sign-up-page')).SignUpPage }),
      },
      {
        path: ROUTES.login,
        lazy: async () => ({ Component: (await import('./features/auth/pages/login-page')).LoginPage }),
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
        loader: prefetchSession,
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
                lazy: async () => ({
                  Component: (await import('./features/account/pages/account-overview-page'))
                    .AccountOverviewPage,
                }),
              },
              {
                path: 'producten',
                lazy: async () => ({
                  Component: (await import('./features/payments/pages/products-page')).ProductsPage,
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
                lazy: async () => ({
                  Component: (await import('./features/matches/pages/proposed-matches-page'))
                    .ProposedMatchesPage,
                }),
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
        loader: prefetchSession,
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
                lazy: async () => ({
                  Component: (await import('./features/workspace/pages/workspace-page')).WorkspacePage,
                }),
              },
              {
                path: 'clients',
                lazy: async () => ({
                  Component: (await import('./features/clients/pages/clients-page')).ClientsPage,
                }),
              },
              {
                path: 'clients/:clientId',
                lazy: async () => ({
                  Component: (await import('./features/clients/pages/client-file-page')).ClientFilePage,
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
        loader: prefetchSession,
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
