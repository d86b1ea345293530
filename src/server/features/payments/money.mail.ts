import { type EmailContent, email } from '../../integrations/mail/layout';

/* Issue 29: the e-mails of withdrawals, refunds and payments that do not add up. */

export function withdrawalConfirmationEmail({
  name,
  tierName,
  paidOn,
  url,
}: {
  name: string;
  tierName: string;
  paidOn: string;
  url: string;
}): EmailContent {
  return email(
    'withdrawal-confirmation',
    'We hebben je herroeping ontvangen',
    [
      `Dag ${name},`,
      `Je hebt je aankoop van ${tierName} van ${paidOn} herroepen. We hebben je verzoek goed ontvangen.`,
      'We betalen je binnen 14 dagen terug via de betaalmethode van je aankoop. Had je ons gevraagd om de dienstverlening al te starten, dan houden we alleen een bedrag in naar verhouding van wat we al voor je deden (zie onze algemene voorwaarden). Je krijgt een creditnota bij de terugbetaling.',
    ],
    { label: 'Naar Mijn aankopen', url },
  );
}

export function withdrawalStaffEmail({
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
    'withdrawal-staff-notice',
    `Herroeping: ${clientName} (${tierName})`,
    [
      'Dag,',
      `${clientName} heeft de aankoop van ${tierName} (${amount}) herroepen binnen de termijn van 14 dagen.`,
      'Betaal binnen 14 dagen terug in de beheeromgeving (Betalingen): het volledige bedrag, of, als de dienstverlening op uitdrukkelijk verzoek al startte, min het deel dat al geleverd werd.',
    ],
    { label: 'Naar Betalingen', url },
  );
}

export function refundEmail({
  name,
  tierName,
  amount,
  number,
  endsTerm,
  url,
}: {
  name: string;
  tierName: string;
  amount: string;
  number: string;
  endsTerm: boolean;
  url: string;
}): EmailContent {
  return email(
    'refund-confirmation',
    `Terugbetaling van ${amount}`,
    [
      `Dag ${name},`,
      `We hebben ${amount} van je aankoop van ${tierName} terugbetaald. Het bedrag staat binnen enkele werkdagen terug op je rekening. In de bijlage vind je creditnota ${number}.`,
      endsTerm
        ? `Je lidmaatschap ${tierName} is daarmee beëindigd; je blijft gratis lid van de community (Relax).`
        : `Je lidmaatschap ${tierName} loopt gewoon verder.`,
    ],
    { label: 'Naar Mijn aankopen', url },
  );
}

export function paymentMismatchEmail({
  sessionId,
  expected,
  received,
  url,
}: {
  sessionId: string;
  expected: string;
  received: string;
  url: string;
}): EmailContent {
  return email(
    'payment-mismatch-alert',
    'Betaling niet verwerkt: bedrag of munt klopt niet',
    [
      'Dag,',
      `Een betaalde checkout-sessie (${sessionId}) meldt ${received}, maar we vroegen ${expected}. Het lidmaatschap werd niet toegekend.`,
      'Kijk de prijsinstellingen bij de betaalprovider na en betaal de klant terug of ken het lidmaatschap toe.',
    ],
    { label: 'Naar Betalingen', url },
  );
}
