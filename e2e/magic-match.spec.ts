import type { APIRequestContext } from '@playwright/test';
import { type Account, makeClient, makeMatch, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signedInPage } from './support/matches';

const DAY = 86_400_000;

/** A birth date that makes someone `age` years old today. */
const bornYearsAgo = (age: number) => `${new Date().getFullYear() - age}-01-15`;

/**
 * A client of a matchmaker of this test, in her seventies, and three men who fit her: nobody of the
 * demo (22 to 69 years old) or of another test is a candidate for her, so what the search finds
 * and what the proposal changes are this test's alone.
 */
async function clientWithCandidates(request: APIRequestContext) {
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const client = await makeClient(request, 'Emma', {
    matchmaker,
    activeForMatching: true,
    tier: 'Persoonlijk',
    paidAt: new Date(Date.now() - 30 * DAY),
    profile: {
      gender: 'woman',
      birth_date: bornYearsAgo(72),
      postcode: 3000,
      town: 'Leuven',
      province: 'Vlaams-Brabant',
      seeking_genders: ['man'],
      age_min: 74,
      age_max: 80,
      max_distance_km: 40,
      relationship_sought: 'long_term',
      smoking: 'no',
      wants_children: 'no',
      religion: 'none',
      dealbreakers: ['smoking'],
      interests: ['wandelen', 'koken', 'theater'],
    },
    traits: ['calm', 'caring'],
  });
  // Her first date of the package, held: 'Date 1 van 4'.
  const earlier = await makeClient(request, 'Stijn', { matchmaker });
  await makeMatch(request, { clients: [client, earlier], matchmaker, status: 'completed' });
  const candidates: Account[] = [];
  for (const [index, age] of [76, 77, 78].entries()) {
    candidates.push(
      await makeClient(request, ['Jef', 'Louis', 'Marcel'][index]!, {
        matchmaker,
        activeForMatching: true,
        profile: {
          gender: 'man',
          birth_date: bornYearsAgo(age),
          postcode: [3000, 3010, 3200][index],
          town: 'Leuven',
          province: 'Vlaams-Brabant',
          seeking_genders: ['woman'],
          age_min: 65,
          age_max: 85,
          relationship_sought: 'long_term',
          smoking: 'no',
          wants_children: 'no',
          religion: 'none',
          interests: ['wandelen', 'koken', 'lezen'].slice(index),
        },
        traits: ['calm', 'outdoorsy'],
      }),
    );
  }
  return { matchmaker, client, candidates };
}

/** Issue 16: the matchmaker finds her client's best candidates and proposes the first. */
test('the matchmaker picks her client, reads the overview, widens the age range, proposes the first; it is gone from a second search', async ({
  browser,
  request,
}) => {
  const { matchmaker, client } = await clientWithCandidates(request);
  const sofie = await signedInPage(browser, matchmaker.email, matchmaker.password);
  await sofie.goto('/matchmaker/magic-match');
  await expect(sofie.getByRole('heading', { level: 1, name: 'Magic Match' })).toBeVisible();
  await expectNoAxeViolations(sofie);
  await sofie.getByRole('searchbox', { name: 'Zoek een klant op naam' }).fill(client.firstName);
  await sofie.getByRole('link', { name: new RegExp(client.fullName) }).click();

  await expect(
    sofie.getByRole('heading', { level: 1, name: `Magic Match voor ${client.fullName}` }),
  ).toBeVisible();
  const uses = sofie.getByRole('heading', { name: 'Wat de rangschikking gebruikt' }).locator('..');
  await expect(uses.getByText('74 tot 80 jaar', { exact: false })).toBeVisible();
  await expect(uses.getByText('Roken is een dealbreaker')).toBeVisible();
  await expect(uses.getByText(/Rustig/)).toBeVisible();
  await expect(sofie.getByText(/^Date 1 van 4$/)).toBeVisible();
  await expectNoAxeViolations(sofie);
  await sofie.getByLabel('Leeftijdsbereik verruimen').selectOption('2');
  await sofie.getByRole('button', { name: 'Zoek matches' }).click();

  await expect(sofie).toHaveURL(/\/matchmaker\/clients\/.+\/magic-match\/results\?extra_age=2$/);
  await expect(
    sofie.getByRole('heading', { level: 1, name: `Kandidaten voor ${client.fullName}` }),
  ).toBeVisible();
  const cards = sofie.getByRole('article');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(2);
  const first = cards.first();
  await expect(first.getByText(/^\d{1,3} · (Uitstekend|Goed|Redelijk|Zwak)$/)).toBeVisible();
  await expect(first.getByRole('heading', { name: 'Sterkste redenen' })).toBeVisible();
  expect(
    await first
      .getByRole('heading', { name: 'Sterkste redenen' })
      .locator('xpath=following-sibling::ul[1]/li')
      .count(),
  ).toBeGreaterThan(0);
  await first.getByText('Zo is de score opgebouwd').click();
  await expect(first.getByRole('rowheader', { name: 'Levensdoelen en waarden' })).toBeVisible();
  await expectNoAxeViolations(sofie);
  const name = (await first.getAttribute('aria-label'))!;
  const scores = await cards.evaluateAll((all) =>
    all.map((a) =>
      Number(/^(\d+) ·/.exec(a.querySelector('span.rounded-full')?.textContent ?? '')?.[1] ?? -1),
    ),
  );
  expect(scores).toEqual([...scores].sort((a, b) => b - a));

  await first.getByRole('button', { name: 'Stel match voor' }).click();
  const dialog = sofie.getByRole('dialog', { name: 'Nieuwe match voorstellen' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(client.fullName).first()).toBeVisible();
  await expect(dialog.getByText(name).first()).toBeVisible();
  await expectNoAxeViolations(sofie);
  await dialog.getByRole('button', { name: 'Match voorstellen' }).click();
  await expect(sofie.getByText(new RegExp(`^Match voorgesteld: .*${client.fullName}`))).toBeVisible();
  await expect(sofie.getByRole('article', { name })).toHaveCount(0);

  // A second search: the proposed candidate is no longer among the results.
  await sofie.goto(sofie.url());
  await expect(sofie.getByRole('article').first()).toBeVisible();
  await expect(sofie.getByRole('article', { name })).toHaveCount(0);
  await sofie.context().close();
});

test("Emma's dashboard shows her package's dates after a completed date", async ({ browser }) => {
  // Read only: the demo's Emma had her first date of four (with Stijn).
  const emma = await signedInPage(browser, 'emma@koppel.example');
  await emma.goto('/dashboard');
  const dates = emma.getByRole('region', { name: 'Je dates in je pakket' });
  await expect(dates.getByText(/^Date 1 van 4$/)).toBeVisible();
  await expect(dates.getByText(/Date 1: Gehad op/)).toBeVisible();
  await expect(dates.getByText(/^Date 4: /)).toBeVisible();
  await expectNoAxeViolations(emma);
  await emma.context().close();
});
