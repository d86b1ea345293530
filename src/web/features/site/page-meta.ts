import type { MatchmakerProfile, MatchmakerSummary } from '../../../shared/matchmakers';
import { AGENCY_CONTACT, type SitePageData } from '../../../shared/site';

/** What a page tells search engines and link previews. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL; absent for pages that should not be indexed. */
  path?: string;
  image?: string;
  type: 'website' | 'profile';
  jsonLd: object[];
}

const SITE_NAME = 'Koppel';
const HOME_TITLE = 'Koppel | Persoonlijke matchmaking voor singles in België';
const HOME_DESCRIPTION =
  'Koppel brengt singles in België samen met de hulp van ervaren matchmakers: een persoonlijk intakegesprek, zorgvuldig gekozen matches en begeleiding bij elke date. Word gratis lid.';
export const SOCIAL_IMAGE_PATH = '/images/koppel-social.jpg';

function agencyJsonLd(appUrl: string, matchmakers: MatchmakerSummary[] = []) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${appUrl}/#koppel`,
    name: SITE_NAME,
    legalName: AGENCY_CONTACT.legal_name,
    description: HOME_DESCRIPTION,
    url: `${appUrl}/`,
    logo: `${appUrl}/favicon.svg`,
    image: `${appUrl}${SOCIAL_IMAGE_PATH}`,
    email: AGENCY_CONTACT.email,
    telephone: AGENCY_CONTACT.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: AGENCY_CONTACT.street,
      postalCode: AGENCY_CONTACT.postal_code,
      addressLocality: AGENCY_CONTACT.city,
      addressCountry: 'BE',
    },
    areaServed: { '@type': 'Country', name: 'België' },
    openingHours: 'Mo-Fr 09:00-17:00',
    priceRange: '€0 - €5000',
    ...(matchmakers.length > 0 && {
      employee: matchmakers.map((m) => ({
        '@type': 'Person',
        name: m.full_name,
        jobTitle: 'Matchmaker',
        url: `${appUrl}/${m.slug}`,
      })),
    }),
  };
}

function matchmakerJsonLd(appUrl: string, matchmaker: MatchmakerProfile) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: matchmaker.full_name,
    jobTitle: 'Matchmaker',
    url: `${appUrl}/${matchmaker.slug}`,
    email: matchmaker.email,
    ...(matchmaker.profile_photo_url && {
      image: new URL(matchmaker.profile_photo_url, `${appUrl}/`).toString(),
    }),
    ...(matchmaker.specialties.length > 0 && { knowsAbout: matchmaker.specialties }),
    worksFor: {
      '@type': 'ProfessionalService',
      '@id': `${appUrl}/#koppel`,
      name: SITE_NAME,
      url: `${appUrl}/`,
    },
  };
}

/** The meta of a prerendered public page, from the data it was rendered with. */
export function pageMetaFor(data: SitePageData, appUrl: string): PageMeta {
  if (data.page === 'home') {
    return {
      title: HOME_TITLE,
      description: HOME_DESCRIPTION,
      path: '/',
      type: 'website',
      jsonLd: [agencyJsonLd(appUrl, data.matchmakers)],
    };
  }
  if (data.page === 'login') {
    return {
      title: `Inloggen | ${SITE_NAME}`,
      description: 'Log in op je account bij Koppel.',
      path: '/inloggen',
      type: 'website',
      jsonLd: [],
    };
  }
  if (data.page === 'sign-up') {
    return {
      title: `Aanmelden | ${SITE_NAME}`,
      description: 'Maak gratis je account aan bij Koppel en laat je begeleiden door een ervaren matchmaker.',
      path: '/aanmelden',
      type: 'website',
      jsonLd: [],
    };
  }
  if (data.page === 'terms') {
    return {
      title: `Algemene voorwaarden | ${SITE_NAME}`,
      description:
        'Wat je bij Koppel koopt, hoe je betaalt, je herroepingsrecht van 14 dagen en wat je verschuldigd bent als de dienst al startte.',
      path: '/voorwaarden',
      type: 'website',
      jsonLd: [],
    };
  }
  if (data.page === 'privacy') {
    return {
      title: `Privacyverklaring | ${SITE_NAME}`,
      description:
        'Wat Koppel over je bewaart en waarom, hoe lang, wie het verwerkt en hoe je je gegevens downloadt, verbetert of verwijdert.',
      path: '/privacy',
      type: 'website',
      jsonLd: [],
    };
  }
  if (data.page === 'matchmakers') {
    return {
      title: `Onze matchmakers | ${SITE_NAME}`,
      description:
        'Maak kennis met de matchmakers van Koppel: wie ze zijn, waarin ze gespecialiseerd zijn en hoe je een gesprek met hen plant.',
      path: '/matchmakers',
      type: 'website',
      jsonLd: [agencyJsonLd(appUrl, data.matchmakers)],
    };
  }
  const { matchmaker } = data;
  if (!matchmaker) {
    return {
      title: `${data.error ? 'Fout bij laden' : 'Matchmaker Niet Gevonden'} | ${SITE_NAME}`,
      description: HOME_DESCRIPTION,
      type: 'website',
      jsonLd: [],
    };
  }
  return {
    title: `${matchmaker.full_name}, matchmaker | ${SITE_NAME}`,
    description: matchmakerDescription(matchmaker),
    path: `/${matchmaker.slug}`,
    // Link previews show only raster images; an SVG portrait falls back to the agency's image.
    image: isPreviewImage(matchmaker.profile_photo_url) ? matchmaker.profile_photo_url : undefined,
    type: 'profile',
    jsonLd: [matchmakerJsonLd(appUrl, matchmaker)],
  };
}

function isPreviewImage(url: string | null): url is string {
  return !!url && /\.(jpe?g|png|webp)(\?.*)?$/i.test(url);
}

function matchmakerDescription(matchmaker: MatchmakerProfile): string {
  const specialties =
    matchmaker.specialties.length > 0
      ? ` Gespecialiseerd in ${matchmaker.specialties.join(', ').toLowerCase()}.`
      : '';
  return `Maak kennis met ${matchmaker.full_name}, matchmaker bij Koppel in België.${specialties} Plan een gesprek of meld je gratis aan.`;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside a <script> element: nothing in it can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The <head> tags of a page: title, description, canonical, Open Graph and structured data. */
export function renderHeadTags(meta: PageMeta, appUrl: string): string {
  const absolute = (path: string) => new URL(path, `${appUrl}/`).toString();
  const tags = [
    `<title>${escapeAttribute(meta.title)}</title>`,
    `<meta name="description" content="${escapeAttribute(meta.description)}" />`,
  ];
  if (meta.path) {
    const url = absolute(meta.path);
    tags.push(`<link rel="canonical" href="${escapeAttribute(url)}" />`);
    tags.push(`<meta property="og:url" content="${escapeAttribute(url)}" />`);
  } else {
    tags.push('<meta name="robots" content="noindex" />');
  }
  const image = absolute(meta.image ?? SOCIAL_IMAGE_PATH);
  tags.push(
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    '<meta property="og:locale" content="nl_BE" />',
    `<meta property="og:title" content="${escapeAttribute(meta.title)}" />`,
    `<meta property="og:description" content="${escapeAttribute(meta.description)}" />`,
    `<meta property="og:image" content="${escapeAttribute(image)}" />`,
    `<meta name="twitter:card" content="${meta.image ? 'summary' : 'summary_large_image'}" />`,
  );
  for (const item of meta.jsonLd) {
    tags.push(`<script type="application/ld+json">${jsonForScript(item)}</script>`);
  }
  return tags.join('\n    ');
}
