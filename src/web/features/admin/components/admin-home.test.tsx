import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MatchStatus } from '../../../../shared/domain';
import type { MatchmakerSummary } from '../../../../shared/matchmakers';
import { ClientsToReassignList } from './clients-to-reassign';
import { MatchesByStatus } from './matches-by-status';
import { MatchmakersOverview } from './matchmakers-overview';

/** The text of each link (tags removed) with its href. */
function links(html: string): [string, string][] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => [
    m[2]!
      .replace(/<[^>]+>/g, '')
      .replaceAll('&amp;', '&')
      .trim(),
    m[1]!.replaceAll('&amp;', '&'),
  ]);
}

describe("the admin home's matches", () => {
  it('counts every status, each linking to the overview with that filter', () => {
    const statuses: MatchStatus[] = ['proposed', 'proposed', 'accepted', 'completed', 'proposed'];
    const html = renderToStaticMarkup(<MatchesByStatus matches={statuses.map((status) => ({ status }))} />);
    expect(html).toContain('5 matches in totaal');
    expect(links(html)).toEqual([
      ['Voorgesteld3', '/matchmaker/matches?status=proposed'],
      ['Geaccepteerd1', '/matchmaker/matches?status=accepted'],
      ['Afgewezen0', '/matchmaker/matches?status=rejected'],
      ['Gepland0', '/matchmaker/matches?status=scheduled'],
      ['Voltooid1', '/matchmaker/matches?status=completed'],
      ['Geannuleerd0', '/matchmaker/matches?status=cancelled'],
      ['Alle matches bekijken', '/matchmaker/matches'],
    ]);
  });

  it('says so when there are none, with the way to propose one', () => {
    const html = renderToStaticMarkup(<MatchesByStatus matches={[]} />);
    expect(html).toContain('Er zijn nog geen matches.');
    expect(links(html)).toEqual([['Een match voorstellen', '/matchmaker/matches']]);
  });
});

describe("the admin home's matchmakers", () => {
  const sofie: MatchmakerSummary = {
    id: 'mm-1',
    slug: 'sofie-peeters',
    full_name: 'Sofie Peeters',
    profile_photo_url: null,
    specialties: [],
    success_rate: 87,
    years_experience: null,
    client_count: 1,
  };

  it('lists each with clients, success rate and a link to the public page', () => {
    const html = renderToStaticMarkup(
      <MatchmakersOverview
        matchmakers={[
          sofie,
          {
            ...sofie,
            id: 'mm-2',
            slug: 'lotte-and-wout-janssens',
            full_name: 'Lotte & Wout Janssens',
            success_rate: null,
            client_count: 3,
          },
        ]}
      />,
    );
    expect(html).toContain('1 klant · 87% succes');
    expect(html).toContain('3 klanten</p>');
    expect(links(html)).toEqual([
      ['Publiek profiel van Sofie Peeters', '/sofie-peeters'],
      ['Publiek profiel van Lotte & Wout Janssens', '/lotte-and-wout-janssens'],
    ]);
  });

  it('says so when no matchmaker is active', () => {
    expect(renderToStaticMarkup(<MatchmakersOverview matchmakers={[]} />)).toContain(
      'Er zijn nog geen actieve matchmakers.',
    );
  });
});

describe("the admin home's clients to reassign (issue 26)", () => {
  it('lists each deactivated matchmaker with their clients, linking to each and to the reassignment', () => {
    const html = renderToStaticMarkup(
      <ClientsToReassignList
        matchmakers={[
          {
            id: 'mm-9',
            full_name: 'Marc Dubois',
            deactivated_at: '2026-11-03T10:00:00.000Z',
            clients: [
              { id: 'c-1', full_name: 'Lander Claes', tier: 'Persoonlijk' },
              { id: 'c-2', full_name: null, tier: 'Relax+' },
            ],
          },
        ]}
      />,
    );
    expect(html).toContain('Gedeactiveerd op 3 november 2026');
    expect(html).toContain('2 klanten');
    expect(links(html)).toEqual([
      ['Lander Claes', '/admin/klanten/c-1'],
      ['Naamloze klant', '/admin/klanten/c-2'],
      ['Klanten van Marc Dubois toewijzen', '/admin/medewerkers/mm-9'],
    ]);
  });

  it('says so when there are none', () => {
    expect(renderToStaticMarkup(<ClientsToReassignList matchmakers={[]} />)).toContain(
      'Geen klanten bij een gedeactiveerde matchmaker.',
    );
  });
});
