import { type EmailContent, email } from '../../integrations/mail/layout';

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
