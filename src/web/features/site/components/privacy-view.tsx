import type { ReactNode } from 'react';
import { ROUTES } from '../../../../shared/routes';
import { AGENCY_CONTACT } from '../../../../shared/site';
import { PublicPageFrame } from './public-page-frame';

/** The date this statement last changed, shown on the page. */
export const PRIVACY_UPDATED = '25 november 2026';

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

/** /privacy: what Koppel stores and why, for how long, who processes it, and how to use each right. */
export function PrivacyView() {
  return (
    <PublicPageFrame>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="font-serif text-3xl font-bold text-stone-900 sm:text-4xl">Privacyverklaring</h1>
        <p className="mt-3 text-lg text-stone-700">
          Wie een partner zoekt, vertelt ons veel over zichzelf. Hier lees je in gewone taal wat we daarmee
          doen. Laatst bijgewerkt op {PRIVACY_UPDATED}.
        </p>

        <Section id="wie" title="Wie zijn wij">
          <p>
            {AGENCY_CONTACT.legal_name}, {AGENCY_CONTACT.street}, {AGENCY_CONTACT.postal_code}{' '}
            {AGENCY_CONTACT.city}, is verantwoordelijk voor je gegevens. Vragen over privacy stel je aan{' '}
            <a href={`mailto:${AGENCY_CONTACT.email}`} className={link}>
              {AGENCY_CONTACT.email}
            </a>
            .
          </p>
        </Section>

        <Section id="wat" title="Wat we bewaren en waarom">
          <ul className="list-disc pl-5">
            <li>
              <strong>Je account</strong>: naam, e-mailadres en wachtwoord (alleen als onleesbare hash). Nodig
              om in te loggen en je te bereiken.
            </li>
            <li>
              <strong>Je profiel en foto’s</strong>: wat je in het profielformulier invult, zoals
              geboortedatum, woonplaats, interesses en wat je zoekt. Je matchmaker heeft het nodig om passende
              voorstellen te doen.
            </li>
            <li>
              <strong>Je quizantwoorden en eigenschappen</strong>: je antwoorden, de uitkomst en de
              eigenschappen die we daaruit of uit je intakegesprek afleiden, met hun bron. Een eigenschap telt
              pas mee nadat je matchmaker ze bevestigde.
            </li>
            <li>
              <strong>Intakegesprekken</strong>: het tijdstip en de notities van je matchmaker.
            </li>
            <li>
              <strong>Matches</strong>: de voorstellen, je antwoord (en een eventuele reden), de date en je
              feedback.
            </li>
            <li>
              <strong>Berichten met je matchmaker</strong>: wat jij en je matchmaker elkaar schrijven,
              wanneer, en wanneer het gelezen werd. Ze worden gelezen door je matchmaker (krijg je een andere
              matchmaker, dan leest die het gesprek verder), en door een beheerder van Koppel alleen om de
              kwaliteit te bewaken of een klacht te behandelen; elke inzage door een beheerder wordt
              vastgelegd. De e-mail over een ongelezen bericht noemt wie schreef, nooit wat.
            </li>
            <li>
              <strong>Betalingen</strong>: welk lidmaatschap je kocht, het bedrag en de datum. Je
              kaartgegevens zien wij nooit; die blijven bij de betaalprovider.
            </li>
            <li>
              <strong>E-mails</strong> die we je stuurden, en je keuze welke e-mails je wilt ontvangen.
            </li>
          </ul>
          <p>
            We gebruiken geen trackers, geen advertentienetwerken en geen lettertypes of scripts van andere
            sites. Onze serverlogboeken bevatten geen namen of e-mailadressen.
          </p>
        </Section>

        <Section id="bijzonder" title="Wie je zoekt is bijzonder gevoelig">
          <p>
            Naar wie je op zoek bent, zegt iets over je seksuele geaardheid. Dat is een bijzondere categorie
            van persoonsgegevens (artikel 9 van de AVG). Daarom vragen we er een aparte toestemming voor, met
            een vakje dat je zelf aanvinkt. We bewaren wanneer je die toestemming gaf en voor welke tekst.
          </p>
          <p>
            Je kunt die toestemming altijd intrekken in je profiel. Dan wissen we meteen wie je zoekt; zonder
            die gegevens kan je matchmaker je wel minder gericht voorstellen doen.
          </p>
        </Section>

        <Section id="hoelang" title="Hoe lang we het bewaren">
          <ul className="list-disc pl-5">
            <li>Je account, profiel, antwoorden, gesprekken en matches: zolang je account bestaat.</li>
            <li>
              Betalingen: 7 jaar, omdat de Belgische boekhoudwet dat vraagt. Na het verwijderen van je account
              bewaren we ze zonder naam of e-mailadres.
            </li>
            <li>Mislukte inlogpogingen: hoogstens een uur, zonder je e-mailadres in leesbare vorm.</li>
          </ul>
          <p>
            Verwijder je je account, dan wissen we je gegevens meteen, ook je berichten. Wie een match met je
            had, en je matchmaker in het gesprek, ziet dan "Verwijderd account".
          </p>
        </Section>

        <Section id="verwerkers" title="Wie je gegevens voor ons verwerkt">
          <ul className="list-disc pl-5">
            <li>
              <strong>De betaalprovider</strong> (Stripe) verwerkt je betaling en je kaartgegevens.
            </li>
            <li>
              <strong>De agendadienst</strong> (Calendly) ontvangt je naam en e-mailadres als je een
              intakegesprek plant.
            </li>
            <li>
              <strong>De mailserver</strong> bezorgt onze e-mails en ziet daarvoor je adres en de inhoud.
            </li>
            <li>
              <strong>De AI-dienst</strong>, alleen als die is ingesteld: hij leest de notities van je
              intakegesprek en wat je zelf schreef, om eigenschappen voor te stellen die je matchmaker nadien
              nakijkt. Zonder AI-dienst gebeurt dat op onze eigen server, zonder dat er iets naar buiten gaat.
            </li>
          </ul>
          <p>Ze gebruiken je gegevens alleen voor ons. We verkopen je gegevens nooit.</p>
        </Section>

        <Section id="rechten" title="Je rechten, en hoe je ze gebruikt">
          <ul className="list-disc pl-5">
            <li>
              <strong>Inzage en meenemen</strong>: in{' '}
              <a href={ROUTES.settings} className={link}>
                Instellingen
              </a>{' '}
              kies je "Download mijn gegevens". Je krijgt meteen één bestand met alles wat we over je bewaren.
            </li>
            <li>
              <strong>Verbeteren</strong>: je profiel pas je zelf aan. Klopt een eigenschap niet, vraag dan je
              matchmaker om een correctie vanuit je profieloverzicht, of mail ons.
            </li>
            <li>
              <strong>Verwijderen</strong>: in Instellingen kies je "Account verwijderen". Je bevestigt met je
              wachtwoord en het woord VERWIJDER.
            </li>
            <li>
              <strong>Toestemming intrekken</strong>: voor wie je zoekt, in je profiel. E-mails die niet
              verplicht zijn, zet je uit in Instellingen. Even geen voorstellen? Pauzeer je matching.
            </li>
            <li>
              <strong>Klagen</strong>: ben je niet tevreden over hoe we met je gegevens omgaan, dan kun je
              terecht bij de Gegevensbeschermingsautoriteit (gegevensbeschermingsautoriteit.be).
            </li>
          </ul>
        </Section>
      </article>
    </PublicPageFrame>
  );
}
