import { formatDate, formatDateTime } from '../../../shared/format';
import { type EmailContent, email } from '../../integrations/mail/layout';

/**
 * A client of the matchmaker deleted their account (issue 29). It names nobody: the deletion
 * erases the client's name from every stored e-mail in the same transaction (decision 014), so
 * the matchmaker recognises the client by the package and the cancelled intake's time.
 */
export function clientDeletedEmail({
  name,
  isTheirClient,
  paidTier,
  termEndsAt,
  intakes,
  url,
}: {
  name: string;
  isTheirClient: boolean;
  paidTier: string | null;
  termEndsAt: Date | null;
  intakes: Date[];
  url: string;
}): EmailContent {
  const paragraphs = [
    `Dag ${name},`,
    isTheirClient
      ? 'Een klant van je heeft het Koppel-account verwijderd. Het profiel, de antwoorden en de intakenotities zijn gewist; in matches staat de klant voortaan als "Verwijderd account".'
      : 'Een klant met wie je een intakegesprek had gepland, heeft het Koppel-account verwijderd.',
  ];
  if (paidTier && termEndsAt) {
    paragraphs.push(
      `De klant had ${paidTier}, dat nog liep tot ${formatDate(termEndsAt)}. Openstaande voorstellen en taken voor deze klant zijn vervallen.`,
    );
  }
  for (const at of intakes) {
    paragraphs.push(`Het intakegesprek van ${formatDateTime(at)} is geannuleerd; dat moment is weer vrij.`);
  }
  return email('client-deleted-matchmaker', 'Een klant heeft het account verwijderd', paragraphs, {
    label: 'Naar je dashboard',
    url,
  });
}
