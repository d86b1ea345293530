import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { UserProfile } from '../../../shared/account';
import { ContentSpinner } from '../../components/ui/spinner';
import { pendingIntakeFeedbackQueryOptions } from '../../features/feedback/api/intake-feedback';
import { feedbackRequestsQueryOptions } from '../../features/feedback/api/matchmaker-feedback';
import { IntakeFeedbackWidget } from '../../features/feedback/components/intake-feedback-widget';
import { MatchmakerFeedbackWidget } from '../../features/feedback/components/matchmaker-feedback-widget';
import { SubscriptionBanner } from './subscription-banner';

/**
 * Above every client page (spec section 2): the subscription banner, then the feedback widgets.
 *
 * Issue 31 (decision 044): the page waits for the widgets' first answer. A widget that appeared
 * above a page already drawn pushed it down (CLS 0.2 on /dashboard in the runs where the widgets'
 * answers came after the page's). They are asked for with the session (router.tsx), so this is
 * rarely a wait; after a failed first attempt the page goes on without them.
 */
export function ClientBanners({ profile, children }: { profile: UserProfile; children: ReactNode }) {
  const intake = useQuery(pendingIntakeFeedbackQueryOptions);
  const requests = useQuery(feedbackRequestsQueryOptions);
  const isWaiting = [intake, requests].some((query) => query.isPending && query.failureCount === 0);
  if (isWaiting) return <ContentSpinner />;
  return (
    <>
      <SubscriptionBanner profile={profile} />
      <IntakeFeedbackWidget />
      <MatchmakerFeedbackWidget />
      {children}
    </>
  );
}
