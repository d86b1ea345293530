/** Calendly's embed script; loaded only by pages that show the scheduler. */
export const CALENDLY_SCRIPT_URL = 'https://assets.calendly.com/assets/external/widget.js';

/** A scheduling link we may embed: https on calendly.com (or a subdomain of it). */
export function isCalendlyUrl(link: string | null | undefined): boolean {
  if (!link) return false;
  try {
    const url = new URL(link);
    return (
      url.protocol === 'https:' && (url.hostname === 'calendly.com' || url.hostname.endsWith('.calendly.com'))
    );
  } catch {
    return false;
  }
}

export interface CalendlyEmbedOptions {
  /** Prefill of the invitee's name and e-mail (the signed-in user's). */
  name?: string | null;
  email?: string | null;
  /** The host the widget is embedded on, e.g. "koppel.example". */
  embedDomain: string;
}

/**
 * The inline embed URL of spec section 7: the link plus name and e-mail prefill, embed domain and
 * embed type, with the event details and the cookie banner hidden. Existing query parameters stay.
 */
export function calendlyEmbedUrl(link: string, { name, email, embedDomain }: CalendlyEmbedOptions): string {
  const url = new URL(link);
  const params = url.searchParams;
  if (name) params.set('name', name);
  if (email) params.set('email', email);
  params.set('embed_domain', embedDomain);
  params.set('embed_type', 'Inline');
  params.set('hide_event_type_details', '1');
  params.set('hide_gdpr_banner', '1');
  return url.toString();
}
