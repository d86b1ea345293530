import { type EmailContent, email } from '../../integrations/mail/layout';

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
