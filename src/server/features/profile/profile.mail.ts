import { type EmailContent, email } from '../../integrations/mail/layout';

/** The assigned matchmaker hears that a client asks to correct their traits (the text stays in the app). */
export function traitCorrectionEmail({
  name,
  client,
  trait,
  url,
}: {
  name: string;
  client: string;
  trait: string | null;
  url: string;
}): EmailContent {
  return email(
    'trait-correction',
    'Een klant vraagt een correctie van de eigenschappen',
    [
      `Dag ${name},`,
      trait
        ? `${client} vraagt je de eigenschap '${trait}' in het profiel na te kijken.`
        : `${client} vraagt je de eigenschappen in het profiel na te kijken.`,
      'Je leest de vraag bij je klanten in Koppel.',
    ],
    { label: 'Naar je klanten', url },
  );
}
