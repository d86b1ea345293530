import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { matchmakerProfileInputSchema } from '../../../../shared/admin';
import { BarChart, ColumnChart } from './bar-chart';
import { inputOf } from './matchmaker-profile-form';

const draft = {
  full_name: ' Sofie Peeters ',
  bio: '',
  about_me: 'Over mij',
  specialties: 'Tweede liefde\n\n  Expats  \n',
  years_experience: '12',
  calendly_link: '',
  is_active: false,
};

describe('the matchmaker profile form', () => {
  it('sends one specialty per non-empty line, empty fields as null, and "active" only for the admin', () => {
    const own = inputOf(draft, false);
    expect(own).not.toHaveProperty('is_active');
    expect(matchmakerProfileInputSchema.parse(own)).toEqual({
      full_name: 'Sofie Peeters',
      bio: null,
      about_me: 'Over mij',
      specialties: ['Tweede liefde', 'Expats'],
      years_experience: 12,
      calendly_link: null,
    });
    expect(inputOf(draft, true).is_active).toBe(false);
  });

  it('lets the shared schema refuse what the server refuses, in Dutch', () => {
    const bad = matchmakerProfileInputSchema.safeParse(
      inputOf({ ...draft, years_experience: 'twaalf', calendly_link: 'http://calendly.com/x' }, false),
    );
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['years_experience', 'Geef de jaren ervaring als getal'],
      ['calendly_link', 'Geef een https-link naar calendly.com'],
    ]);
  });
});

describe('the charts', () => {
  it('a bar chart reads as a list of labels with their values; the bars are decoration', () => {
    const html = renderToStaticMarkup(
      <BarChart
        label="Klanten per lidmaatschap"
        bars={[
          { label: 'Relax', value: 10, display: '10' },
          { label: 'Relax+', value: 0, display: '0' },
        ]}
      />,
    );
    expect(html).toContain('aria-label="Klanten per lidmaatschap"');
    expect(html).toMatch(/<dt[^>]*>Relax<\/dt>/);
    expect(html).toContain('width:75%');
    expect(html).toContain('width:0%');
    expect(html.match(/aria-hidden="true"/g)).toHaveLength(2);
  });

  it('a column chart is one labelled image, with its numbers in a table for screen readers', () => {
    const html = renderToStaticMarkup(
      <ColumnChart
        label="Omzet per maand"
        bars={[
          { label: 'okt. 2026', value: 100, display: '€ 1,00' },
          { label: 'nov. 2026', value: 50, display: '€ 0,50' },
        ]}
      />,
    );
    expect(html).toContain('role="img" aria-label="Omzet per maand"');
    expect(html).toContain('<th scope="row">nov. 2026</th><td>€ 0,50</td>');
    expect(html).toContain('height="50"');
  });
});
