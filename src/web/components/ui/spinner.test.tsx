import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FirstLoadSpinner, PageSpinner } from './spinner';

describe('the first load spinner (issue 31)', () => {
  it('draws nothing at first: a page that comes with its data is ready before it would show', () => {
    expect(renderToStaticMarkup(<FirstLoadSpinner />)).toBe('');
  });

  it('is the page spinner, with its status and Dutch text, once it shows', () => {
    const html = renderToStaticMarkup(<PageSpinner />);
    expect(html).toContain('role="status"');
    expect(html).toContain('Laden...');
  });
});
