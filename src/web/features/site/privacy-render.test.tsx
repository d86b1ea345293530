import { describe, expect, it } from 'vitest';
import { renderSitePage } from '../../site-render';

describe('the prerendered privacy statement (/privacy)', () => {
  const { html, head } = renderSitePage({ page: 'privacy', session: null }, 'https://koppel.example');
  const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  it('is a page of its own, indexed at /privacy', () => {
    expect(html).toContain('<h1');
    expect(text).toContain('Privacyverklaring');
    expect(head).toContain('<link rel="canonical" href="https://koppel.example/privacy" />');
  });

  it('says what is stored and why, for how long, and who processes it', () => {
    for (const phrase of [
      'Wat we bewaren en waarom',
      'Hoe lang we het bewaren',
      '7 jaar',
      'Stripe',
      'Calendly',
      'De mailserver',
      'De AI-dienst',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it('says who reads the messages with the matchmaker, and that admin readings are recorded (issue 32)', () => {
    expect(text).toContain('Berichten met je matchmaker');
    expect(text).toContain('elke inzage door een beheerder wordt vastgelegd');
    expect(text).toContain('ook je berichten');
  });

  it('explains the special category of who you seek and its own consent', () => {
    expect(text).toContain('artikel 9 van de AVG');
    expect(text).toContain('aparte toestemming');
  });

  it('tells how to use each right: export, correction, deletion, withdrawing consent', () => {
    for (const phrase of [
      'Download mijn gegevens',
      'Verbeteren',
      'Account verwijderen',
      'VERWIJDER',
      'Toestemming intrekken',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(html).toContain('href="/dashboard/settings"');
  });

  it('is linked from the footer', () => {
    expect(html).toContain('href="/privacy"');
  });
});
