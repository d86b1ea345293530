import { type EmailContent, email, greetingName } from '../../integrations/mail/layout';

/** To the matchmaker a client chose (optional for staff: the client list shows it too). */
export function clientJoinedEmail({
  name,
  client_name,
  url,
}: {
  name: string | null;
  client_name: string | null;
  url: string;
}): EmailContent {
  return email(
    'matchmaker-client-joined',
    'Een klant koos jou als matchmaker',
    [
      `Dag ${greetingName(name)},`,
      `${client_name || 'Een klant'} koos jou als matchmaker bij Koppel. Je vindt hun profiel bij je klanten.`,
    ],
    { label: 'Naar mijn klanten', url },
  );
}

/** To the matchmaker a client left for another. */
export function clientLeftEmail({
  name,
  client_name,
  url,
}: {
  name: string | null;
  client_name: string | null;
  url: string;
}): EmailContent {
  return email(
    'matchmaker-client-left',
    'Een klant koos een andere matchmaker',
    [
      `Dag ${greetingName(name)},`,
      `${client_name || 'Een klant'} koos een andere matchmaker bij Koppel en staat niet meer bij je klanten. Lopende voorstellen blijven gewoon bestaan.`,
    ],
    { label: 'Naar mijn klanten', url },
  );
}
