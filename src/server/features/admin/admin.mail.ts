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

/** The admin gave a matchmaker a client (reassignment, issue 17). */
export function clientAssignedEmail({
  name,
  client_name,
  url,
}: {
  name: string | null;
  client_name: string | null;
  url: string;
}): EmailContent {
  return email(
    'admin-client-assigned',
    'Je hebt een nieuwe klant',
    [
      `Dag ${greetingName(name)},`,
      `De beheerder wees ${client_name || 'een klant'} aan jou toe als matchmaker. Je vindt het profiel bij je klanten.`,
    ],
    { label: 'Naar mijn klanten', url },
  );
}

/** The admin moved a client to another matchmaker (or none). */
export function clientReassignedEmail({
  name,
  client_name,
}: {
  name: string | null;
  client_name: string | null;
}): EmailContent {
  return email('admin-client-reassigned', 'Een klant heeft een andere matchmaker', [
    `Dag ${greetingName(name)},`,
    `De beheerder gaf ${client_name || 'een klant'} een andere matchmaker. De klant staat niet meer bij je klanten; lopende voorstellen blijven bestaan.`,
  ]);
}

/** To the client: who their matchmaker is now. */
export function yourMatchmakerChangedEmail({
  name,
  matchmaker_name,
  url,
}: {
  name: string | null;
  matchmaker_name: string | null;
  url: string;
}): EmailContent {
  return email(
    'client-matchmaker-changed',
    'Je matchmaker bij Koppel is gewijzigd',
    [
      `Dag ${greetingName(name)},`,
      matchmaker_name
        ? `Vanaf nu begeleidt ${matchmaker_name} je bij Koppel. Je nieuwe matchmaker neemt binnenkort contact met je op.`
        : 'Je hebt op dit moment geen matchmaker bij Koppel. Je kunt er zelf een kiezen.',
    ],
    { label: 'Naar mijn account', url },
  );
}
