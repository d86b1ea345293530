import { FEEDBACK_REQUEST_PARAM } from '../../../shared/feedback';
import { formatDate } from '../../../shared/format';
import { ROUTES } from '../../../shared/routes';
import { type EmailContent, email } from '../../integrations/mail/layout';

/** The client's dashboard, where the widget opens the modal for this request. */
export const feedbackRequestUrl = (appUrl: string, requestId: string) =>
  `${appUrl}${ROUTES.dashboard}?${FEEDBACK_REQUEST_PARAM}=${encodeURIComponent(requestId)}`;

/** A new request: periodic (every 3 months) or after a completed date. Optional (decision 016). */
export function feedbackRequestEmail({
  name,
  matchmakerName,
  isAfterDate,
  expiresAt,
  url,
}: {
  name: string;
  matchmakerName: string;
  isAfterDate: boolean;
  expiresAt: Date;
  url: string;
}): EmailContent {
  return email(
    'matchmaker-feedback-request',
    `Hoe gaat het met ${matchmakerName}?`,
    [
      `Dag ${name},`,
      isAfterDate
        ? `Je had onlangs een date. We horen graag hoe ${matchmakerName} je daarbij begeleidde.`
        : `Je werkt nu een tijd met ${matchmakerName}. We horen graag hoe dat de voorbije drie maanden ging.`,
      `Het duurt twee minuten en kan tot ${formatDate(expiresAt)}. Je kunt ook anoniem antwoorden: dan ziet je matchmaker niet van wie de feedback komt.`,
    ],
    { label: 'Geef je feedback', url },
  );
}

/** Three days before the request expires, if it is still open. Optional (decision 016). */
export function feedbackReminderEmail({
  name,
  matchmakerName,
  expiresAt,
  url,
}: {
  name: string;
  matchmakerName: string;
  expiresAt: Date;
  url: string;
}): EmailContent {
  return email(
    'matchmaker-feedback-reminder',
    `Nog even tijd voor je feedback op ${matchmakerName}`,
    [
      `Dag ${name},`,
      `Je vraag om feedback op ${matchmakerName} sluit op ${formatDate(expiresAt)}. Het duurt maar twee minuten.`,
    ],
    { label: 'Geef je feedback', url },
  );
}
