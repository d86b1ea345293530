import { MESSAGES } from '../src/shared/messages';
import { makeClient } from './support/factory';
import { expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';
import { signedInPage } from './support/matches';
import { freshClientPage } from './support/payments';
import { fillAboutStep, testPhoto } from './support/profile';

test('a new client fills the four steps of the profile form in two sittings', async ({
  browser,
  request,
}, testInfo) => {
  const { page } = await freshClientPage(browser, request, 'Fien');
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await page.goto('/dashboard/profiel-formulier');
  await expect(page.getByRole('heading', { level: 1, name: 'Profielformulier' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Stap 1 van 5: Over jou' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Validation in Dutch, at the field.
  await page.getByRole('button', { name: 'Opslaan en verder' }).click();
  await expect(page.getByText('Vul je geboortedatum in')).toBeVisible();
  await expect(page.getByText('Vul een Belgische postcode in (1000-9999)')).toBeVisible();
  await expect(page.getByText('Kies minstens één taal')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot('1-over-jou-fouten');
  await fillAboutStep(page);

  // Step 2: the genders sought need the separate, unticked consent.
  const consent = page.getByRole('checkbox', { name: /Ik geef Koppel de toestemming/ });
  await expect(consent).not.toBeChecked();
  await page.getByRole('group', { name: 'Wie zoek je?' }).getByLabel('Man').check();
  await page.getByLabel('Vanaf welke leeftijd?').fill('32');
  await page.getByLabel('Tot welke leeftijd?').fill('42');
  await page.getByLabel('Hoe ver mag je partner wonen? (in km)').fill('40');
  await page.getByLabel('Wat voor relatie zoek je?').selectOption({ label: 'Een vaste relatie' });
  await page.getByRole('button', { name: 'Opslaan en verder' }).click();
  await expect(page.getByText(MESSAGES.orientationConsentRequired)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot('2-wie-zoek-je-toestemming');
  await consent.check();
  await page.getByRole('button', { name: 'Opslaan en verder' }).click();
  await expect(page.getByRole('heading', { name: 'Stap 3 van 5: Levensstijl en waarden' })).toBeVisible();

  // The second sitting: the form reopens where the client stopped.
  await page.goto('/dashboard');
  await page.goto('/dashboard/profiel-formulier');
  await expect(page.getByRole('heading', { name: 'Stap 3 van 5: Levensstijl en waarden' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Stap 3 van 5: Levensstijl en waarden' })).toBeVisible();

  await page.getByRole('group', { name: 'Rook je?' }).getByLabel('Nee').check();
  await page.getByLabel('Roken is voor mij een dealbreaker').check();
  await page.getByRole('group', { name: 'Drink je alcohol?' }).getByLabel('Af en toe').check();
  await page.getByRole('group', { name: 'Heb je kinderen?' }).getByLabel('Nee').check();
  await page.getByRole('group', { name: 'Wil je (nog) kinderen?' }).getByLabel('Ja').check();
  await page.getByLabel('Geloof of levensbeschouwing').selectOption({ label: 'Spiritueel' });
  await page.getByRole('group', { name: 'Waar hou je van?' }).getByLabel('Wandelen').check();
  await page.getByRole('group', { name: 'Waar hou je van?' }).getByLabel('Theater').check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Opslaan en verder' }).click();

  await expect(page.getByRole('heading', { name: 'Stap 4 van 5: In je eigen woorden' })).toBeVisible();
  await page.getByLabel('Over mezelf').fill('Ik wandel graag langs de Dijle en kook voor vrienden.');
  await page.getByLabel('Wat ik zoek').fill('Iemand met wie ik kan lachen.');
  await page.getByRole('button', { name: 'Opslaan en verder' }).click();

  await expect(page.getByRole('heading', { name: 'Stap 5 van 5: Foto' })).toBeVisible();
  await expect(page.getByText('Je hebt nog geen foto opgeladen.')).toBeVisible();
  await page.context().close();
});

test('a client with the four steps saved uploads a photo, sees the overview and asks for a correction', async ({
  browser,
  request,
}, testInfo) => {
  // As the test above leaves her (the same answers, through the factory).
  const fien = await makeClient(request, 'Fien', {
    profile: {
      birth_date: '1990-04-12',
      gender: 'woman',
      postcode: 3000,
      town: 'Leuven',
      province: 'Vlaams-Brabant',
      height_cm: 170,
      education: 'master',
      profession: 'Architecte',
      languages: ['nl'],
      seeking_genders: ['man'],
      age_min: 32,
      age_max: 42,
      max_distance_km: 40,
      relationship_sought: 'long_term',
      smoking: 'no',
      dealbreakers: ['smoking'],
      drinking: 'sometimes',
      has_children: false,
      wants_children: 'yes',
      religion: 'spiritual',
      interests: ['wandelen', 'theater'],
      about_me: 'Ik wandel graag langs de Dijle en kook voor vrienden.',
      looking_for: 'Iemand met wie ik kan lachen.',
      completed_steps: ['about', 'seeking', 'lifestyle', 'own_words'],
    },
  });
  const page = await signedInPage(browser, fien.email, fien.password);
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  // The form reopens after the last saved step.
  await page.goto('/dashboard/profiel-formulier');
  await expect(page.getByRole('heading', { name: 'Stap 5 van 5: Foto' })).toBeVisible();
  await expect(page.getByText('Je hebt nog geen foto opgeladen.')).toBeVisible();
  // A file that is not a photo: a Dutch error, nothing stored.
  await page.getByLabel('Kies een foto om op te laden').setInputFiles({
    name: 'notities.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('geen foto'),
  });
  await expect(page.getByText(MESSAGES.photoNotImage)).toBeVisible();
  await page.getByLabel('Kies een foto om op te laden').setInputFiles({
    name: 'vakantie.jpg',
    mimeType: 'image/jpeg',
    buffer: await testPhoto(),
  });
  await expect(page.getByText('Je foto is opgeladen.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Jouw foto 1' })).toBeVisible();
  // Visible is not loaded: the picture's bytes may still be on their way, so wait for its width.
  await expect
    .poll(() =>
      page.getByRole('img', { name: 'Jouw foto 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(240);
  await expectNoAxeViolations(page);
  await shot('5-foto');

  await page.getByRole('link', { name: 'Naar mijn profieloverzicht' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn profiel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Je profiel is 100% compleet' })).toBeVisible();
  await expect(page.getByText('Leuven (3000, Vlaams-Brabant)')).toBeVisible();
  await expect(page.getByText('Wandelen, Theater')).toBeVisible();
  await expect(page.getByText('Roken is een dealbreaker')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Jouw foto 1' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Doe de quiz' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot('6-overzicht');

  // Asking for a correction, in a dialog.
  await page.getByRole('button', { name: 'Klopt er iets niet? Vraag een correctie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Een correctie vragen' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await shot('7-correctie');
  await dialog.getByLabel('Wat klopt er niet?').fill('Ik ben eerder sportief dan rustig.');
  await dialog.getByRole('button', { name: 'Vraag versturen' }).click();
  await expect(dialog.getByText('Je vraag is verstuurd.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Sluiten' }).first().click();

  // /profiel-succes leads to the overview.
  await page.goto('/profiel-succes');
  await expect(page).toHaveURL(/\/dashboard\/profiel-overzicht$/);
  await page.context().close();
});

test('Emma of the demo sees her complete profile with her photos and confirmed answers', async ({ page }) => {
  await loginViaApi(page, 'emma@koppel.example');
  await page.goto('/dashboard/profiel-overzicht');
  await expect(page.getByRole('heading', { name: 'Je profiel is 100% compleet' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Jouw foto 2' })).toBeVisible();
  await expect(page.getByText('Een rustige, warme man die graag wandelt')).toBeVisible();
  await expectNoAxeViolations(page);
});
