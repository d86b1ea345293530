import { ROUTES } from '../../../shared/routes';
import { type EmailContent, email } from '../../integrations/mail/layout';

/** The optional e-mail about unread messages (decision 036): who wrote, how many, never the text. */
export const MESSAGE_NOTIFICATION_TEMPLATE = 'message-notification';

/** To the client: their matchmaker (or Koppel) wrote and it is still unread. */
export function clientUnreadEmail({
  name,
  matchmakerName,
  count,
  appUrl,
}: {
  name: string;
  matchmakerName: string | null;
  count: number;
  appUrl: string;
}): EmailContent {
  const who = matchmakerName ?? 'Je matchmaker';
  const what = count === 1 ? 'een nieuw bericht' : `${count} nieuwe berichten`;
  return email(
    MESSAGE_NOTIFICATION_TEMPLATE,
    count === 1 ? `Nieuw bericht van ${who}` : `${count} nieuwe berichten van ${who}`,
    [
      `Dag ${name},`,
      `${who} stuurde je ${what} in Koppel. Je leest en beantwoordt ze op je pagina Berichten.`,
      'Wil je deze e-mails niet meer? Zet ze uit in je instellingen.',
    ],
    { label: 'Lees je berichten', url: `${appUrl}${ROUTES.messages}` },
  );
}

/** To the matchmaker: a client's messages are unread. */
export function matchmakerUnreadEmail({
  name,
  clientName,
  clientId,
  count,
  appUrl,
}: {
  name: string;
  clientName: string | null;
  clientId: string;
  count: number;
  appUrl: string;
}): EmailContent {
  const who = clientName ?? 'Een klant';
  return email(
    MESSAGE_NOTIFICATION_TEMPLATE,
    count === 1 ? `Nieuw bericht van ${who}` : `${count} nieuwe berichten van ${who}`,
    [
      `Dag ${name},`,
      `${who} stuurde je ${count === 1 ? 'een bericht' : `${count} berichten`} dat je nog niet las.`,
      'Wil je deze e-mails niet meer? Zet ze uit in je instellingen.',
    ],
    {
      label: 'Open het gesprek',
      url: `${appUrl}${ROUTES.matchmakerClients}/${encodeURIComponent(clientId)}#berichten`,
    },
  );
}
