import type { ReactNode } from 'react';
import { GRACE_PERIOD_DAYS, PAID_TIER_TERM_MONTHS } from '../../../../shared/domain';
import { formatEuro } from '../../../../shared/format';
import { VAT_RATE, WITHDRAWAL_DAYS } from '../../../../shared/money';
import { ROUTES } from '../../../../shared/routes';
import { AGENCY_CONTACT } from '../../../../shared/site';
import { TIER_CATALOGUE } from '../../../../shared/tiers';
import { PublicPageFrame } from './public-page-frame';

/** The date of this version of the terms, shown on the page (its version is TERMS_VERSION). */
export const TERMS_UPDATED = '27 november 2026';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="font-serif text-2xl font-bold text-stone-900">
        {title}
      </h2>
      <div className="mt-3 flex flex-col gap-3 leading-relaxed text-stone-800">{children}</div>
    </section>
  );
}

const link = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950';

/**
 * /voorwaarden (issue 29, decision 031): what a client buys, how they pay, the 14-day withdrawal
 * and what is owed when the service already started, refunds, and cancelling.
 */
export function TermsView() {
  const paid = TIER_CATALOGUE.filter((t) => t.price > 0);
  return (
    <PublicPageFrame>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="font-serif text-3xl font-bold text-stone-900 sm:text-4xl">Algemene voorwaarden</h1>
        <p className="mt-3 text-lg text-stone-700">
          Deze voorwaarden gelden wanneer je bij Koppel een betalend lidmaatschap koopt. Laatst bijgewerkt op{' '}
          {TERMS_UPDATED}.
        </p>

        <Section id="wie" title="Wie zijn wij">
          <p>
            {AGENCY_CONTACT.legal_name}, {AGENCY_CONTACT.street}, {AGENCY_CONTACT.postal_code}{' '}
            {AGENCY_CONTACT.city}. Je bereikt ons via{' '}
            <a href={`mailto:${AGENCY_CONTACT.email}`} className={link}>
              {AGENCY_CONTACT.email}
            </a>{' '}
            of {AGENCY_CONTACT.phone}.
          </p>
        </Section>

        <Section id="wat" title="Wat je koopt">
          <p>
            Relax is gratis. Een betalend lidmaatschap koop je met één betaling en loopt{' '}
            {PAID_TIER_TERM_MONTHS} maanden; er wordt nooit automatisch verlengd. Na afloop heb je{' '}
            {GRACE_PERIOD_DAYS} dagen om te verlengen.
          </p>
          <ul className="list-disc pl-6">
            {paid.map((tier) => (
              <li key={tier.tier}>
                {tier.name}: {formatEuro(tier.price)} (incl. {VAT_RATE} % btw). {tier.description}
              </li>
            ))}
          </ul>
        </Section>

        <Section id="betalen" title="Betalen en factuur">
          <p>
            Je betaalt online met Bancontact of een kaart, via onze betaalpartner. Na de betaling krijg je per
            e-mail een factuur met het bedrag zonder btw, de btw ({VAT_RATE} %) en het totaal. Je vindt al je
            facturen en creditnota's ook onder "Mijn aankopen" in je account.
          </p>
        </Section>

        <Section id="herroepen" title={`Herroepingsrecht: ${WITHDRAWAL_DAYS} dagen`}>
          <p>
            Je kunt een aankoop zonder reden herroepen binnen {WITHDRAWAL_DAYS} dagen na de betaling (Wetboek
            van economisch recht, boek VI). Dat doe je met één klik onder "Mijn aankopen", of met een e-mail
            aan{' '}
            <a href={`mailto:${AGENCY_CONTACT.email}`} className={link}>
              {AGENCY_CONTACT.email}
            </a>
            . Je krijgt meteen een bevestiging.
          </p>
          <p>
            <strong>Meteen starten.</strong> Bij het betalen vraag je ons uitdrukkelijk om de dienstverlening
            al binnen de herroepingstermijn te starten (je intake plannen, matches zoeken). Herroep je daarna,
            dan betaal je alleen voor wat we tot op het moment van je herroeping al deden, naar verhouding van
            de hele dienst: het aantal dagen van je lidmaatschap dat al voorbij is, op de{' '}
            {PAID_TIER_TERM_MONTHS} maanden, en een gehouden intakegesprek als het deel van de dienst dat het
            is. De rest betalen we terug.
          </p>
          <p>
            We betalen terug binnen {WITHDRAWAL_DAYS} dagen na je herroeping, via de betaalmethode waarmee je
            betaalde, en je krijgt er een creditnota bij. Met de terugbetaling eindigt je betalend
            lidmaatschap en word je opnieuw gratis lid (Relax).
          </p>
        </Section>

        <Section id="opzeggen" title="Opzeggen na de herroepingstermijn">
          <p>
            Je kunt je lidmaatschap altijd opzeggen in je instellingen; het stopt dan meteen. Na de
            herroepingstermijn betalen we een eenmalige betaling niet terug, tenzij we dat met je afspreken.
          </p>
        </Section>

        <Section id="gegevens" title="Je gegevens">
          <p>
            Wat we met je gegevens doen, lees je in onze{' '}
            <a href={ROUTES.privacy} className={link}>
              privacyverklaring
            </a>
            . Facturen en betalingsgegevens bewaren we 7 jaar, zoals de boekhoudwet vraagt.
          </p>
        </Section>

        <Section id="klachten" title="Klachten">
          <p>
            Ben je niet tevreden, laat het ons weten via{' '}
            <a href={`mailto:${AGENCY_CONTACT.email}`} className={link}>
              {AGENCY_CONTACT.email}
            </a>
            . Komen we er samen niet uit, dan kun je terecht bij de Consumentenombudsdienst. Het Belgische
            recht is van toepassing.
          </p>
        </Section>
      </article>
    </PublicPageFrame>
  );
}
