import type { ComponentType, ReactNode } from 'react';
import type { UserProfile } from '../../shared/account';
import type { Role } from '../../shared/domain';
import { ROUTES } from '../../shared/routes';
import { ProposedMatchesBadge } from '../features/matches/components/proposal-badge';
import { ClientMessagesBadge, StaffMessagesBadge } from '../features/messages/components/unread-badge';
import { ClientBanners } from './shell/client-banners';

/** One link of a role's navigation. */
export interface NavEntry {
  to: string;
  label: string;
  /** Active only on this exact path (for a home page). */
  end?: boolean;
  /** Rendered beside the label, e.g. a count. */
  Badge?: ComponentType;
}

/** What the one shell (shell/app-shell.tsx) shows for a role. */
export interface RoleNavigation {
  /** The accessible name of the sidebar's navigation. */
  label: string;
  /** A tag beside the logo, for staff. */
  tag?: string;
  items: readonly NavEntry[];
  /**
   * Shown above every page of the role; it wraps the page, so it can hold the page back until it
   * knows what it shows (no banner appearing above a page already drawn, decision 044).
   */
  Banner?: ComponentType<{ profile: UserProfile; children: ReactNode }>;
}

/**
 * Every role's navigation, in one place. A new page adds its entry here and its route in
 * router.tsx; the first entry is the role's home (homePathForRole in lib/home-path.ts).
 */
export const NAVIGATION: Record<Role, RoleNavigation> = {
  client: {
    label: 'Hoofdmenu',
    items: [
      { to: ROUTES.dashboard, label: 'Overzicht', end: true },
      { to: ROUTES.products, label: 'Diensten' },
      // Issue 29.
      { to: ROUTES.purchases, label: 'Mijn aankopen' },
      { to: ROUTES.profileOverview, label: 'Profiel' },
      { to: ROUTES.matchmakers, label: 'Matchmakers' },
      { to: ROUTES.intakePlanning, label: 'Intakegesprek' },
      { to: ROUTES.proposedMatches, label: 'Voorgestelde Matches', Badge: ProposedMatchesBadge },
      // Issue 32: the conversation with the matchmaker.
      { to: ROUTES.messages, label: 'Berichten', Badge: ClientMessagesBadge },
      // Issue 14 (item 3).
      { to: ROUTES.quiz, label: 'Quiz' },
    ],
    Banner: ClientBanners,
  },
  matchmaker: {
    label: 'Matchmakermenu',
    tag: 'MATCHMAKER',
    items: [
      { to: ROUTES.matchmaker, label: 'Dashboard', end: true },
      { to: ROUTES.matchmakerClients, label: 'Klanten' },
      // Issue 32: the conversations, whoever waited longest first.
      { to: ROUTES.matchmakerInbox, label: 'Berichten', Badge: StaffMessagesBadge },
      { to: ROUTES.matchmakerMatches, label: 'Matches' },
      { to: ROUTES.magicMatch, label: 'Magic Match' },
      { to: ROUTES.matchmakerFeedback, label: 'Intake Feedback' },
    ],
  },
  admin: {
    label: 'Beheermenu',
    tag: 'BEHEER',
    items: [
      // Issue 30: named as its page is ('Beheer'), apart from the agency's 'Dashboard' below.
      { to: ROUTES.admin, label: 'Beheer', end: true },
      // Issue 15: the agency's dashboard (or one matchmaker's); every client's file opens from the
      // clients list of the admin console and /matchmaker/clients.
      { to: ROUTES.matchmaker, label: 'Dashboard', end: true },
      { to: ROUTES.matchmakerMatches, label: 'Matches' },
      // Issue 16: magic match for every client of the agency.
      { to: ROUTES.magicMatch, label: 'Magic Match' },
      { to: ROUTES.matchmakerFeedback, label: 'Intake Feedback' },
      // Issue 17 (item 4): the admin console.
      { to: ROUTES.adminStaff, label: 'Medewerkers' },
      { to: ROUTES.adminClients, label: 'Klanten' },
      { to: ROUTES.adminFeedback, label: 'Alle Feedback' },
      { to: ROUTES.adminNumbers, label: 'Cijfers' },
      // Issue 29: payments, refunds and withdrawals.
      { to: ROUTES.adminPayments, label: 'Betalingen' },
      // Issue 18 (point 5): the e-mails that could not be sent (decision 007).
      { to: ROUTES.adminEmails, label: 'E-mails' },
    ],
  },
};
