import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DUTCH_FOR_SPEC_TEXT, MESSAGES } from '../../shared/messages';
import { SchedulerWidget } from './scheduler-widget';

describe('the scheduler widget', () => {
  it("says in Dutch that a link that is not Calendly's cannot be used, with 'Invalid Calendly URL' as the detail", () => {
    for (const url of ['https://evil.example/koppel', 'http://calendly.com/koppel', 'geen link']) {
      const html = renderToStaticMarkup(<SchedulerWidget url={url} />);
      expect(html).toContain(DUTCH_FOR_SPEC_TEXT[MESSAGES.invalidSchedulerUrl]);
      expect(html).toContain('Technische details: Invalid Calendly URL');
      expect(html).not.toContain('Calendly widget laden...');
    }
  });

  it("first shows 'Calendly widget laden...' in a box of the default height 700", () => {
    const html = renderToStaticMarkup(<SchedulerWidget url="https://calendly.com/koppel-sofie/intake" />);
    expect(html).toContain('Calendly widget laden...');
    expect(html).toContain('height:700px');
    expect(html).not.toContain('<iframe');
  });

  it('takes another height', () => {
    const html = renderToStaticMarkup(
      <SchedulerWidget url="https://calendly.com/koppel/intake" height={500} />,
    );
    expect(html).toContain('height:500px');
  });
});
