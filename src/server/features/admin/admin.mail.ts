import { type EmailContent, email, greetingName } from '../../integrations/mail/layout';

/** Issue 17 (item 6): a new matchmaker is invited; the link sets their own password. */
export function staffInvitationEmail({
  name,
  invited_by,
  url,
  days,
}: {
  name: string | null;
  invited_by: string | null;
  url: string;
  days: number;
}): EmailContent {
  return email(
    'staff-invitation',
    'Je bent uitgenodigd als matchmaker bij Koppel',
    [
      `Dag ${greetingName(name)},`,
      `${invited_by || 'De beheerder'} nodigt je uit als matchmaker bij Koppel. Kies via de knop hieronder je eigen wachtwoord; daarna log je in met je e-mailadres en dat wachtwoord.`,
      `De link werkt ${days} dagen en één keer. Verwachtte je deze uitnodiging niet, dan kun je deze e-mail negeren.`,
    ],
    { label: 'Wachtwoord kiezen', url },
  );
}
