import type { UserProfile } from '../../../shared/account';
import { IntakeFeedbackWidget } from '../../features/feedback/components/intake-feedback-widget';
import { MatchmakerFeedbackWidget } from '../../features/feedback/components/matchmaker-feedback-widget';
import { SubscriptionBanner } from './subscription-banner';

/** Above every client page (spec section 2): the subscription banner, then the feedback widgets. */
export function ClientBanners({ profile }: { profile: UserProfile }) {
  return (
    <>
      <SubscriptionBanner profile={profile} />
      <IntakeFeedbackWidget />
      <MatchmakerFeedbackWidget />
    </>
  );
}
