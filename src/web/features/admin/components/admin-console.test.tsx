import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart, ColumnChart } from './bar-chart';

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
