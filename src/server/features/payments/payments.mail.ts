import { type EmailContent, email } from '../../integrations/mail/layout';

/** Decision 024: what the end of a paid term means for matching, in the client's own e-mail. */
const MATCHING_ENDS =
  'Je matchmaker stelt je geen nieuwe matches meer voor en openstaande voorstellen vervallen. Dates die al aanvaard of gepland zijn, gaan gewoon door. Met een nieuw lidmaatschap ga je verder waar je was.';

/** Spec section 9's promised follow-ups of a paid tier: Relax+ gets a welcome. */
/** Issue 29: the invoice that comes with a purchase e-mail (its PDF is attached). */
export interface PurchaseReceipt {
  number: string;
  total: string;
  vat: string;
}
const receiptLine = (invoice: PurchaseReceipt) =>
  `In de bijlage vind je factuur ${invoice.number}: ${invoice.total}, waarvan ${invoice.vat} btw. Je vindt ze ook terug onder "Mijn aankopen" in je account. Herroepen kan binnen 14 dagen, ook daar.`;

export function welcomeRelaxPlusEmail({
  name,
  url,
  invoice,
}: {
  name: string;
  url: string;
  invoice: PurchaseReceipt;
}): EmailContent {
  return email(
    'payment-welcome',
    'Welkom bij Relax+',
    [
      `Dag ${name},`,
      'Bedankt voor je aankoop: je bent nu lid van Relax+. Je krijgt een persoonlijk adviesgesprek en voorrang bij onze community-activiteiten.',
      'Je lidmaatschap loopt 12 maanden. Het is een eenmalige betaling; er wordt niets automatisch verlengd.',
      receiptLine(invoice),
    ],
    { label: 'Naar je dashboard', url },
  );
}

/** Persoonlijk and Persoonlijk+: an invitation to plan the intake. */
export function intakeInvitationEmail({
  name,
  tierName,
  url,
  invoice,
}: {
  name: string;
  tierName: string;
  url: string;
  invoice: PurchaseReceipt;
}): EmailContent {
  return email(
    'payment-intake-invitation',
    'Plan je intakegesprek bij Koppel',
    [
      `Dag ${name},`,
      `Bedankt voor je aankoop van ${tierName}. De eerste stap is een intakegesprek met je matchmaker: zo leren we je echt kennen.`,
      'Kies hieronder een moment dat je past.',
      receiptLine(invoice),
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
      MATCHING_ENDS,
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
      MATCHING_ENDS,
    ],
    { label: 'Bekijk de lidmaatschappen', url },
  );
}

/**
 * Decision 024: a proposal is withdrawn because the other client's paid term ended. The reason is
 * theirs (a payment matter), so this e-mail gives none.
 */
export function proposalWithdrawnForClientEmail({
  name,
  otherName,
  url,
}: {
  name: string;
  otherName: string | null;
  url: string;
}): EmailContent {
  return email(
    'proposal-withdrawn-client',
    'Dit voorstel is niet meer beschikbaar',
    [
      `Dag ${name},`,
      otherName
        ? `Het voorstel om kennis te maken met ${otherName} is niet meer beschikbaar. Je hoeft er niet meer op te antwoorden.`
        : 'Een voorstel dat je kreeg, is niet meer beschikbaar. Je hoeft er niet meer op te antwoorden.',
      'Je matchmaker blijft voor je zoeken.',
    ],
    { label: 'Bekijk je voorstellen', url },
  );
}

/** Decision 024: the matchmaker of a withdrawn proposal hears which client's paid term ended. */
export function proposalWithdrawnForMatchmakerEmail({
  name,
  clientNames,
  leavingNames,
  url,
}: {
  name: string;
  clientNames: [string, string];
  leavingNames: string[];
  url: string;
}): EmailContent {
  return email(
    'proposal-withdrawn-matchmaker',
    `Voorstel ingetrokken: ${clientNames[0]} en ${clientNames[1]}`,
    [
      `Dag ${name},`,
      `Het voorstel tussen ${clientNames[0]} en ${clientNames[1]} is ingetrokken: het betaalde lidmaatschap van ${leavingNames.join(' en ')} is afgelopen of opgezegd, en daarmee de matching.`,
      'Aanvaarde en geplande dates blijven staan.',
    ],
    { label: 'Bekijk de match', url },
  );
}
