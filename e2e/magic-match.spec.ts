import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signedInPage } from './support/matches';

/** Issue 16: Sofie finds Emma's best candidates, proposes the first, and Emma sees her package's dates. */
test.describe('magic match', () => {
  test.describe.configure({ mode: 'serial' });

  test('Sofie picks Emma, reads the overview, widens the age range, proposes the first; it is gone from a second search', async ({
    browser,
  }) => {
    const sofie = await signedInPage(browser, 'sofie@koppel.example');
    await sofie.goto('/matchmaker/magic-match');
    await expect(sofie.getByRole('heading', { level: 1, name: 'Magic Match' })).toBeVisible();
    await expectNoAxeViolations(sofie);
    // Emma has an open proposal, so she is found by name rather than in the waiting list.
    await sofie.getByRole('searchbox', { name: 'Zoek een klant op naam' }).fill('Emma');
    await sofie.getByRole('link', { name: /Emma Claes/ }).click();

    await expect(sofie.getByRole('heading', { level: 1, name: 'Magic Match voor Emma Claes' })).toBeVisible();
    const uses = sofie.getByRole('heading', { name: 'Wat de rangschikking gebruikt' }).locator('..');
    await expect(uses.getByText('32 tot 42 jaar', { exact: false })).toBeVisible();
    await expect(uses.getByText('Roken is een dealbreaker')).toBeVisible();
    await expect(uses.getByText(/Rustig/)).toBeVisible();
    // Date 1 in the demo; 2 when the matches journey (run alongside) completed Emma's date with Noor.
    await expect(sofie.getByText(/^Date [12] van 4$/)).toBeVisible();
    await expectNoAxeViolations(sofie);
    await sofie.getByLabel('Leeftijdsbereik verruimen').selectOption('2');
    await sofie.getByRole('button', { name: 'Zoek matches' }).click();

    await expect(sofie).toHaveURL(/\/matchmaker\/clients\/.+\/magic-match\/results\?extra_age=2$/);
    await expect(sofie.getByRole('heading', { level: 1, name: 'Kandidaten voor Emma Claes' })).toBeVisible();
    const cards = sofie.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    const first = cards.first();
    await expect(first.getByText(/^\d{1,3} · (Uitstekend|Goed|Redelijk)$/)).toBeVisible();
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
    await expect(dialog.getByText('Emma Claes').first()).toBeVisible();
    await expect(dialog.getByText(name).first()).toBeVisible();
    await expectNoAxeViolations(sofie);
    await dialog.getByRole('button', { name: 'Match voorstellen' }).click();
    await expect(sofie.getByText(/^Match voorgesteld: .*Emma Claes/)).toBeVisible();
    await expect(sofie.getByRole('article', { name })).toHaveCount(0);

    // A second search: the proposed candidate is no longer among the results.
    await sofie.goto(sofie.url());
    await expect(sofie.getByRole('article').first()).toBeVisible();
    await expect(sofie.getByRole('article', { name })).toHaveCount(0);
    await sofie.context().close();
  });

  test("Emma's dashboard shows her package's dates after a completed date", async ({ browser }) => {
    const emma = await signedInPage(browser, 'emma@koppel.example');
    await emma.goto('/dashboard');
    const dates = emma.getByRole('region', { name: 'Je dates in je pakket' });
    await expect(dates.getByText(/^Date [12] van 4$/)).toBeVisible();
    await expect(dates.getByText(/Date 1: Gehad op/)).toBeVisible();
    await expect(dates.getByText(/^Date 4: /)).toBeVisible();
    await expectNoAxeViolations(emma);
    await emma.context().close();
  });
});
