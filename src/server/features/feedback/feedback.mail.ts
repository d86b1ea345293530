import { FEEDBACK_DATE_PARAM, FEEDBACK_REQUEST_PARAM } from '../../../shared/feedback';
import { formatDate } from '../../../shared/format';
import { ROUTES } from '../../../shared/routes';
import { type EmailContent, email } from '../../integrations/mail/layout';

/**
 * Where a request's e-mail leads (issue 26: every mail opens the form it asks about). A periodic
 * request: the client's dashboard, where the widget opens the modal for it. A request after a
 * date: that date on the client's matches page, with its feedback form ("Hoe was je date?"); the
 * widget above it offers the request's own questions about the matchmaker.
 */
export const feedbackRequestUrl = (appUrl: string, requestId: string, matchId?: string | null) => {
  const request = `${FEEDBACK_REQUEST_PARAM}=${encodeURIComponent(requestId)}`;
  return matchId
    ? `${appUrl}${ROUTES.matchAccepted}?${FEEDBACK_DATE_PARAM}=${encodeURIComponent(matchId)}&${request}`
    : `${appUrl}${ROUTES.dashboard}?${request}`;
};

/** After a date: which date (its match) and the other client's first name. */
type AfterDate = { matchId: string; otherName: string | null } | null;

const dateWith = (date: NonNullable<AfterDate>) =>
  date.otherName ? `je date met ${date.otherName}` : 'je date';

/** A new request: periodic (every 3 months) or after a completed date. Optional (decision 016). */
export function feedbackRequestEmail({
  name,
  matchmakerName,
  date,
  expiresAt,
  url,
}: {
  name: string;
  matchmakerName: string;
  date: AfterDate;
  expiresAt: Date;
  url: string;
}): EmailContent {
  if (date) {
    return email(
      'matchmaker-feedback-request',
      `Hoe was ${dateWith(date)}?`,
      [
        `Dag ${name},`,
        `Je had onlangs ${dateWith(date)}. Vertel ons hoe het was: zo kiest ${matchmakerName} je volgende voorstel nog beter.`,
        `Op dezelfde pagina vragen we ook kort hoe ${matchmakerName} je daarbij begeleidde. Dat kan tot ${formatDate(expiresAt)}, ook anoniem.`,
      ],
      { label: 'Vertel hoe je date was', url },
    );
  }
  return email(
    'matchmaker-feedback-request',
    `Hoe gaat het met ${matchmakerName}?`,
    [
      `Dag ${name},`,
      `Je werkt nu een tijd met ${matchmakerName}. We horen graag hoe dat de voorbije drie maanden ging.`,
      `Het duurt twee minuten en kan tot ${formatDate(expiresAt)}. Je kunt ook anoniem antwoorden: dan ziet je matchmaker niet van wie de feedback komt.`,
    ],
    { label: 'Geef je feedback', url },
  );
}

/** Three days before the request expires, if it is still open. Optional (decision 016). */
export function feedbackReminderEmail({
  name,
  matchmakerName,
  date,
  expiresAt,
  url,
}: {
  name: string;
  matchmakerName: string;
  date: AfterDate;
  expiresAt: Date;
  url: string;
}): EmailContent {
  return email(
    'matchmaker-feedback-reminder',
    `Nog even tijd voor je feedback op ${matchmakerName}`,
    [
      `Dag ${name},`,
      date
        ? `Je vraag om feedback over ${dateWith(date)} en de begeleiding van ${matchmakerName} sluit op ${formatDate(expiresAt)}. Het duurt maar twee minuten.`
        : `Je vraag om feedback op ${matchmakerName} sluit op ${formatDate(expiresAt)}. Het duurt maar twee minuten.`,
    ],
    { label: 'Geef je feedback', url },
  );
}
