import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../../../shared/outbox';
import { FailedEmailItem } from './failed-email-item';

const failed: OutboxMessage = {
  id: '3f1c2b8e-0000-4000-8000-000000000001',
  to: 'iemand@klant.example',
  template: 'reset-password',
  subject: 'Stel een nieuw wachtwoord in voor Koppel',
  status: 'failed',
  attempts: 79,
  last_error: '451 4.3.0 Tijdelijk niet beschikbaar',
  created_at: '2026-11-20T08:00:00.000Z',
  first_failed_at: '2026-11-20T08:00:05.000Z',
  failed_at: '2026-11-23T08:30:00.000Z',
  next_attempt_at: null,
  sent_at: null,
};

const render = (message: OutboxMessage) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ul>
        <FailedEmailItem message={message} />
      </ul>
    </QueryClientProvider>,
  );

const fact = (html: string, label: string) =>
  html.match(new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>(.*?)</dd>`))?.[1];

describe('a failed e-mail', () => {
  it('shows the recipient, subject, template, attempts, last error and its times in Dutch, Brussels time', () => {
    const html = render(failed);
    expect(html).toContain('Aan iemand@klant.example');
    expect(html).toContain('Stel een nieuw wachtwoord in voor Koppel');
    expect(html).toContain('>Mislukt<');
    expect(fact(html, 'Sjabloon')).toBe('reset-password');
    expect(fact(html, 'Pogingen')).toBe('79');
    expect(fact(html, 'In de wachtrij gezet')).toMatch(/^20 november 2026\D+09:00$/);
    expect(fact(html, 'Eerste mislukte poging')).toMatch(/^20 november 2026\D+09:00$/);
    expect(fact(html, 'Opgegeven')).toMatch(/^23 november 2026\D+09:30$/);
    expect(fact(html, 'Laatste fout')).toContain('451 4.3.0 Tijdelijk niet beschikbaar');
  });

  it('names the message its resend button acts on, and leaves out what the API does not know', () => {
    const html = render({ ...failed, last_error: null, failed_at: null });
    expect(html).toMatch(
      new RegExp(`<p id="email-${failed.id}-onderwerp"[^>]*>Stel een nieuw wachtwoord in voor Koppel</p>`),
    );
    expect(html).toMatch(
      new RegExp(`aria-describedby="email-${failed.id}-onderwerp"[^>]*>Opnieuw versturen<`),
    );
    expect(fact(html, 'Opgegeven')).toBe('Onbekend');
    expect(html).not.toContain('Laatste fout');
  });
});
