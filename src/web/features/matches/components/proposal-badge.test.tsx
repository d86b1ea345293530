import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProposalBadge } from './proposal-badge';

describe('the proposed-matches badge', () => {
  it('shows the count, 9+ above 9, and nothing for 0', () => {
    expect(renderToStaticMarkup(<ProposalBadge count={0} />)).toBe('');
    const one = renderToStaticMarkup(<ProposalBadge count={1} />);
    expect(one).toContain('aria-label="1 voorgestelde match"');
    expect(one).toContain('>1</span>');
    expect(renderToStaticMarkup(<ProposalBadge count={9} />)).toContain('>9</span>');
    const many = renderToStaticMarkup(<ProposalBadge count={12} />);
    expect(many).toContain('>9+</span>');
    expect(many).toContain('aria-label="12 voorgestelde matches"');
  });
});
