import { describe, expect, it } from 'vitest';
import { calendlyEmbedUrl, isCalendlyUrl } from './scheduler';

describe('isCalendlyUrl', () => {
  it('accepts https links on calendly.com and its subdomains', () => {
    expect(isCalendlyUrl('https://calendly.com/koppel-sofie/intake')).toBe(true);
    expect(isCalendlyUrl('https://eu.calendly.com/koppel/intake')).toBe(true);
  });

  it('refuses other hosts, look-alikes, plain http and text that is no URL', () => {
    for (const link of [
      'https://evil.example/calendly.com',
      'https://calendly.com.evil.example/x',
      'https://notcalendly.com/x',
      'http://calendly.com/koppel',
      'javascript:alert(1)',
      'calendly.com/koppel',
      '',
      null,
    ]) {
      expect(isCalendlyUrl(link), String(link)).toBe(false);
    }
  });
});

describe('calendlyEmbedUrl', () => {
  it('adds the prefill, embed domain and type, and hides details and banner', () => {
    const url = new URL(
      calendlyEmbedUrl('https://calendly.com/koppel-sofie/intake', {
        name: 'Emma Claes',
        email: 'emma+test@koppel.example',
        embedDomain: 'koppel.example',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://calendly.com/koppel-sofie/intake');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      name: 'Emma Claes',
      email: 'emma+test@koppel.example',
      embed_domain: 'koppel.example',
      embed_type: 'Inline',
      hide_event_type_details: '1',
      hide_gdpr_banner: '1',
    });
  });

  it('leaves out an absent prefill and keeps parameters the link already has', () => {
    const url = new URL(
      calendlyEmbedUrl('https://calendly.com/koppel/intake?month=2026-12', { embedDomain: 'localhost' }),
    );
    expect(url.searchParams.get('month')).toBe('2026-12');
    expect(url.searchParams.has('name')).toBe(false);
    expect(url.searchParams.has('email')).toBe(false);
    expect(url.searchParams.get('embed_domain')).toBe('localhost');
  });
});
