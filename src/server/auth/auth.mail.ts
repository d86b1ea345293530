import { type EmailContent, email, greetingName } from '../integrations/mail/layout';

export function confirmationEmail({ name, url }: { name: string; url: string }): EmailContent {
  return email(
    'confirm-email',
    'Bevestig je e-mailadres bij Koppel',
    [
      `Dag ${name},`,
      'Welkom bij Koppel! Bevestig je e-mailadres om je account te activeren. Daarna kun je inloggen en je profiel aanvullen.',
      'De link blijft 24 uur geldig. Heb je geen account aangemaakt? Dan mag je deze e-mail negeren.',
    ],
    { label: 'Bevestig mijn e-mailadres', url },
  );
}

export function passwordResetEmail({ name, url }: { name: string; url: string }): EmailContent {
  return email(
    'reset-password',
    'Stel een nieuw wachtwoord in voor Koppel',
    [
      `Dag ${name},`,
      'We kregen een vraag om het wachtwoord van je Koppel-account opnieuw in te stellen. Kies via de knop hieronder een nieuw wachtwoord.',
      'De link blijft 1 uur geldig. Heb je dit niet zelf gevraagd? Dan mag je deze e-mail negeren: je wachtwoord blijft ongewijzigd.',
    ],
    { label: 'Kies een nieuw wachtwoord', url },
  );
}

export function accountExistsEmail({ name, url }: { name: string; url: string }): EmailContent {
  return email(
    'account-exists',
    'Je hebt al een account bij Koppel',
    [
      `Dag ${name},`,
      'Iemand probeerde met dit e-mailadres een nieuw account aan te maken bij Koppel. Je hebt al een account: log gewoon in. Ben je je wachtwoord vergeten? Kies dan op de inlogpagina voor "Wachtwoord vergeten?".',
      'Was jij dit niet? Dan mag je deze e-mail negeren.',
    ],
    { label: 'Naar de inlogpagina', url },
  );
}

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

/** Issue 17: sent when an authenticator app is confirmed (required: security notice). */
export function twoFactorEnabledEmail({ name, url }: { name: string | null; url: string }): EmailContent {
  return email(
    'two-factor-enabled',
    'Tweestapsverificatie staat aan voor je Koppel-account',
    [
      `Dag ${greetingName(name)},`,
      'Vanaf nu vraagt Koppel bij het inloggen na je wachtwoord ook een code uit je authenticator-app. Bewaar je back-upcodes op een veilige plek: daarmee log je in als je je telefoon kwijt bent. Op je andere toestellen ben je uitgelogd.',
      'Was jij dit niet? Wijzig dan meteen je wachtwoord en laat het ons weten op hallo@koppel.example.',
    ],
    { label: 'Naar je instellingen', url },
  );
}

/** Issue 17: sent when two-factor login is turned off (required: security notice). */
export function twoFactorDisabledEmail({ name, url }: { name: string | null; url: string }): EmailContent {
  return email(
    'two-factor-disabled',
    'Tweestapsverificatie staat uit voor je Koppel-account',
    [
      `Dag ${greetingName(name)},`,
      'Tweestapsverificatie is zonet uitgezet voor je Koppel-account. Bij het inloggen volstaat nu je wachtwoord. Toestellen die je 30 dagen vertrouwde, vertrouwen we niet meer.',
      'Was jij dit niet? Wijzig dan meteen je wachtwoord, zet tweestapsverificatie opnieuw aan en laat het ons weten op hallo@koppel.example.',
    ],
    { label: 'Naar je instellingen', url },
  );
}
