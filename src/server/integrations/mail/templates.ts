import { firstName } from '../../../shared/format';
import { escapeHtml } from '../../lib/html';

/** "Dag Emma," from a full name; "Dag daar," without one. */
export const greetingName = (fullName: string | null | undefined) => firstName(fullName) || 'daar';

/** Dutch e-mails, each with an HTML and a plain-text body. */
export interface EmailContent {
  template: string;
  subject: string;
  html: string;
  text: string;
}

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#9f1239;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555">Werkt de knop niet? Kopieer dan deze link in je browser:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;background:#fdf2f4;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:22px;color:#881337;margin:0 0 20px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin:32px 0 0;font-size:13px;color:#555">Hartelijke groet,<br>Het Koppel-team</p>
</div></body></html>`;
}

function plain(paragraphs: string[], action?: { label: string; url: string }): string {
  const lines = [...paragraphs];
  if (action) lines.push(`${action.label}: ${action.url}`);
  lines.push('Hartelijke groet,\nHet Koppel-team');
  return lines.join('\n\n');
}

/** An e-mail in Koppel's layout: the subject as its title, the paragraphs, an optional button. */
export function email(
  template: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
) {
  return { template, subject, html: layout(subject, paragraphs, action), text: plain(paragraphs, action) };
}

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

/** Match e-mails never name the other person beyond their first name (DESIGN.md). */
export function matchProposedEmail({ name, url }: { name: string; url: string }): EmailContent {
  return email(
    'match-proposed',
    'Je matchmaker heeft een match voor je',
    [
      `Dag ${name},`,
      'Je matchmaker heeft iemand gevonden die volgens ons goed bij je past. Bekijk het voorstel en laat binnen 7 dagen weten of je kennis wilt maken.',
    ],
    { label: 'Bekijk je voorstel', url },
  );
}

export function matchAcceptedForClientEmail({
  name,
  otherFirstName,
  url,
}: {
  name: string;
  otherFirstName: string;
  url: string;
}): EmailContent {
  return email(
    'match-accepted-client',
    'Jullie willen allebei kennismaken',
    [
      `Dag ${name},`,
      `Goed nieuws: ook ${otherFirstName} wil graag kennismaken. Je matchmaker neemt contact met je op om jullie eerste ontmoeting te plannen.`,
    ],
    { label: 'Bekijk wat er nu gebeurt', url },
  );
}

export function matchAcceptedForMatchmakerEmail({
  name,
  clients,
  url,
}: {
  name: string;
  clients: string;
  url: string;
}): EmailContent {
  return email(
    'match-accepted-matchmaker',
    'Een match is door beide klanten aanvaard',
    [`Dag ${name},`, `${clients} hebben allebei ja gezegd. Tijd om hun eerste date te plannen.`],
    { label: 'Open je matches', url },
  );
}

export function matchRejectedEmail({ name, url }: { name: string; url: string }): EmailContent {
  return email(
    'match-rejected',
    'Een voorstel is afgewezen',
    [
      `Dag ${name},`,
      'Een klant heeft een van je voorstellen afgewezen. De reden, als die werd opgegeven, vind je bij de match.',
    ],
    { label: 'Open je matches', url },
  );
}

export function matchExpiredEmail({ name, url }: { name: string; url: string }): EmailContent {
  return email(
    'match-expired',
    'Een voorstel is verlopen',
    [
      `Dag ${name},`,
      'Een van je voorstellen kreeg binnen 7 dagen geen antwoord van beide klanten en is daarom geannuleerd.',
    ],
    { label: 'Open je matches', url },
  );
}

export function matchReminderEmail({ name, url }: { name: string; url: string }): EmailContent {
  return email(
    'match-reminder',
    'Nog één dag om te antwoorden op je voorstel',
    [
      `Dag ${name},`,
      'Je hebt nog niet geantwoord op het voorstel van je matchmaker. Morgen verloopt de termijn: laat je weten of je wilt kennismaken?',
    ],
    { label: 'Bekijk je voorstel', url },
  );
}

/** Spec section 9's promised follow-ups of a paid tier: Relax+ gets a welcome. */
export function welcomeRelaxPlusEmail({ name, url }: { name: string; url: string }): EmailContent {
  return email(
    'payment-welcome',
    'Welkom bij Relax+',
    [
      `Dag ${name},`,
      'Bedankt voor je aankoop: je bent nu lid van Relax+. Je krijgt een persoonlijk adviesgesprek en voorrang bij onze community-activiteiten.',
      'Je lidmaatschap loopt 12 maanden. Het is een eenmalige betaling; er wordt niets automatisch verlengd.',
    ],
    { label: 'Naar je dashboard', url },
  );
}

/** Persoonlijk and Persoonlijk+: an invitation to plan the intake. */
export function intakeInvitationEmail({
  name,
  tierName,
  url,
}: {
  name: string;
  tierName: string;
  url: string;
}): EmailContent {
  return email(
    'payment-intake-invitation',
    'Plan je intakegesprek bij Koppel',
    [
      `Dag ${name},`,
      `Bedankt voor je aankoop van ${tierName}. De eerste stap is een intakegesprek met je matchmaker: zo leren we je echt kennen.`,
      'Kies hieronder een moment dat je past.',
    ],
    { label: 'Plan je intakegesprek', url },
  );
}

export function newPaidClientEmail({
  clientName,
  tierName,
  amount,
  url,
}: {
  clientName: string;
  tierName: string;
  amount: string;
  url: string;
}): EmailContent {
  return email(
    'payment-admin-notice',
    `Nieuwe betalende klant: ${tierName}`,
    [`Dag,`, `${clientName} heeft ${tierName} gekocht (${amount}).`],
    { label: 'Open Koppel', url },
  );
}

export function subscriptionGraceEmail({
  name,
  tierName,
  graceEnd,
  url,
}: {
  name: string;
  tierName: string;
  graceEnd: string;
  url: string;
}): EmailContent {
  return email(
    'subscription-grace',
    `Je ${tierName}-lidmaatschap is afgelopen`,
    [
      `Dag ${name},`,
      `Je ${tierName}-lidmaatschap liep 12 maanden en is nu afgelopen. Tot ${graceEnd} kun je verlengen en behoud je alles; daarna ga je terug naar Relax.`,
    ],
    { label: 'Verleng je lidmaatschap', url },
  );
}

export function subscriptionExpiredEmail({
  name,
  tierName,
  url,
}: {
  name: string;
  tierName: string;
  url: string;
}): EmailContent {
  return email(
    'subscription-expired',
    'Je lidmaatschap is teruggezet naar Relax',
    [
      `Dag ${name},`,
      `Je ${tierName}-lidmaatschap is verlopen. Je bent nu lid van Relax; premiumfuncties zijn niet langer beschikbaar.`,
      'Wil je opnieuw persoonlijke begeleiding? Je kiest op elk moment een nieuw lidmaatschap.',
    ],
    { label: 'Bekijk de lidmaatschappen', url },
  );
}

export function subscriptionCancelledEmail({
  name,
  tierName,
  url,
}: {
  name: string;
  tierName: string;
  url: string;
}): EmailContent {
  return email(
    'subscription-cancelled',
    'Je lidmaatschap is opgezegd',
    [
      `Dag ${name},`,
      `Je hebt je ${tierName}-lidmaatschap opgezegd. Je bent nu lid van Relax; premiumfuncties zijn niet langer beschikbaar.`,
    ],
    { label: 'Bekijk de lidmaatschappen', url },
  );
}
