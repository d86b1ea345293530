import { ROUTES } from '../../shared/routes';
import { AGENCY_CONTACT } from '../../shared/site';
import { AppLink } from '../lib/app-link';
import { HeartIcon } from './ui/icons';

/** The public pages' footer: the agency's contact details and the main links. */
export function SiteFooter() {
  return (
    <footer className="bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 font-serif text-2xl font-bold text-white">
            <HeartIcon className="size-6 text-brand-300" />
            Koppel
          </p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-stone-300">
            Persoonlijke matchmaking voor singles in heel België, sinds 2014 vanuit Brussel.
          </p>
        </div>
        <div className="text-sm leading-relaxed">
          <h2 className="font-semibold text-white">Contact</h2>
          <address className="not-italic">
            <p className="mt-3">
              {AGENCY_CONTACT.legal_name}
              <br />
              {AGENCY_CONTACT.street}
              <br />
              {AGENCY_CONTACT.postal_code} {AGENCY_CONTACT.city}, {AGENCY_CONTACT.country}
            </p>
            <p className="mt-3">
              <a
                href={`tel:${AGENCY_CONTACT.phone.replace(/\s/g, '')}`}
                className="underline hover:text-white"
              >
                {AGENCY_CONTACT.phone}
              </a>
              <br />
              <a href={`mailto:${AGENCY_CONTACT.email}`} className="underline hover:text-white">
                {AGENCY_CONTACT.email}
              </a>
              <br />
              {AGENCY_CONTACT.availability}
            </p>
          </address>
        </div>
        <nav aria-label="Voettekst" className="text-sm">
          <h2 className="font-semibold text-white">Koppel</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href="/#hoe-het-werkt" className="underline hover:text-white">
                Hoe het werkt
              </a>
            </li>
            <li>
              <a href="/#lidmaatschap" className="underline hover:text-white">
                Lidmaatschap
              </a>
            </li>
            <li>
              <a href="/#ervaringen" className="underline hover:text-white">
                Ervaringen
              </a>
            </li>
            <li>
              <a href="/#over-ons" className="underline hover:text-white">
                Over ons
              </a>
            </li>
            <li>
              <a href={ROUTES.privacy} className="underline hover:text-white">
                Privacy
              </a>
            </li>
            <li>
              <a href={ROUTES.terms} className="underline hover:text-white">
                Voorwaarden
              </a>
            </li>
            <li>
              <AppLink to={ROUTES.login} className="underline hover:text-white">
                Inloggen
              </AppLink>
            </li>
          </ul>
        </nav>
      </div>
      {/* The server may render this just before midnight on New Year's Eve in another time zone. */}
      <p
        suppressHydrationWarning
        className="border-t border-stone-800 px-4 py-5 text-center text-xs text-stone-400"
      >
        © {new Date().getFullYear()} {AGENCY_CONTACT.legal_name} · Met zorg gemaakt in België
      </p>
    </footer>
  );
}
