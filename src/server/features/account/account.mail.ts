import { type EmailContent, email, greetingName } from '../../integrations/mail/layout';

/** Sent after a password change (required: it tells the owner if someone else did it). */
export function passwordChangedEmail({ name, url }: { name: string | null; url: string }): EmailContent {
  return email(
    'password-changed',
    'Je wachtwoord bij Koppel is gewijzigd',
    [
      `Dag ${greetingName(name)},`,
      'Het wachtwoord van je Koppel-account is zonet gewijzigd. Op je andere toestellen ben je uitgelogd.',
      'Was jij dit niet? Vraag dan meteen een nieuw wachtwoord aan via de inlogpagina en laat het ons weten op hallo@koppel.example.',
    ],
    { label: 'Naar de inlogpagina', url },
  );
}

/**
 * The last e-mail to a deleted account. It names nobody: after the deletion the address is the
 * only thing left, and only until this message is sent (decision 014).
 */
export function accountDeletedEmail({ url }: { url: string }): EmailContent {
  return email(
    ACCOUNT_DELETED_TEMPLATE,
    'Je Koppel-account is verwijderd',
    [
      'Dag,',
      'Zoals je vroeg, hebben we je Koppel-account verwijderd. Je profiel, antwoorden, foto’s, intakegesprekken en feedback zijn gewist; wie met jou een match had, ziet voortaan "Verwijderd account".',
      'Betalingen bewaren we zonder naam of e-mailadres, zolang de Belgische boekhoudwet het vraagt (7 jaar). Dit is de laatste e-mail die je van ons krijgt.',
      'Heb je dit niet zelf gedaan? Antwoord dan op hallo@koppel.example.',
    ],
    { label: 'Onze privacyverklaring', url },
  );
}

export const ACCOUNT_DELETED_TEMPLATE = 'account-deleted';
