import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import {
  MAX_PHOTOS,
  ORIENTATION_CONSENT_VERSION,
  PHOTO_ACCESS_AFTER_DATE_DAYS,
  TRAIT_CORRECTIONS_PER_DAY,
} from '../../../shared/profile';
import { createAdmin, createClient, createMatch, createMatchmaker } from '../../db/factories';
import {
  client_consents,
  client_photos,
  client_profiles,
  client_traits,
  email_outbox,
  matches,
  matchmaker_profiles,
  trait_correction_requests,
} from '../../db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';
import { photoKeysOf } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ABOUT = {
  birth_date: '1990-04-12',
  gender: 'woman',
  town: 'Leuven',
  postcode: 3000,
  height_cm: 170,
  education: 'master',
  profession: 'Architecte',
  languages: ['nl', 'en'],
};
const SEEKING = {
  seeking_genders: ['man'],
  age_min: 32,
  age_max: 42,
  max_distance_km: 40,
  relationship_sought: 'long_term',
  distance_dealbreaker: true,
  age_dealbreaker: false,
};
const LIFESTYLE = {
  smoking: 'no',
  drinking: 'sometimes',
  has_children: false,
  wants_children: 'yes',
  religion: 'none',
  interests: ['wandelen', 'koken'],
  smoking_dealbreaker: true,
  children_dealbreaker: false,
};
const OWN_WORDS = { about_me: 'Ik wandel graag.', looking_for: 'Iemand om mee te lachen.' };

async function newClient(extra: Parameters<typeof createClient>[1] = {}) {
  const client = await createClient(t.db, extra);
  return { ...client, cookie: await t.login(client.email) };
}
const put = (path: string, cookie: string | undefined, json: unknown) =>
  t.request(`/api/me/profile/${path}`, { method: 'PUT', cookie, json });

/** A JPEG with an EXIF GPS position and a camera make. */
async function jpegWithLocation(width = 1600, height = 1200) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 90 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'KoppelCam', Model: 'Test' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '50/1 52/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 42/1 0/1',
      },
    })
    .toBuffer();
}

function upload(cookie: string | undefined, bytes: Uint8Array, type = 'image/jpeg', name = 'foto.jpg') {
  const form = new FormData();
  form.set('photo', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return t.request('/api/me/photos', { method: 'POST', cookie, body: form });
}

/** A PNG that claims 30000 × 30000 pixels (900 megapixel) and inflates from ~110 KB to ~112 MB. */
function decompressionBomb() {
  const width = 30_000;
  const height = 30_000;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1
  header[9] = 0; // greyscale
  const raw = Buffer.alloc(height * (1 + width / 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
function crc32(bytes: Buffer) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

async function storedFiles(clientId: string) {
  return t.ctx.storage.list(`photos/${clientId}/`);
}

describe('GET /api/me/profile', () => {
  it('is empty for a new client, who starts at the first step', async () => {
    const { cookie } = await newClient();
    const response = await t.request('/api/me/profile', { cookie });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.next_step).toBe('about');
    expect(body.profile.completed_steps).toEqual([]);
    expect(body.photos).toEqual([]);
    expect(body.completeness.percent).toBe(0);
    expect(body.completeness.missing).toHaveLength(20);
    expect(body.traits).toEqual([]);
  });

  it('is for clients only: 401 for a visitor, 403 for a matchmaker and an admin', async () => {
    await expectRefused(await t.request('/api/me/profile'), 401, 'NOT_AUTHENTICATED');
    for (const staff of [await createMatchmaker(t.db), await createAdmin(t.db)]) {
      const response = await t.request('/api/me/profile', { cookie: await t.login(staff.email) });
      expect(response.status).toBe(403);
      expect((await response.json()).code).toBe('UNAUTHORIZED');
    }
  });
});

describe('the five steps', () => {
  it('saves each step on its own and reopens at the first one not saved, in two sittings', async () => {
    const { id, email, cookie } = await newClient();
    const first = await put('about', cookie, ABOUT);
    expect(first.status).toBe(200);
    const afterFirst = await first.json();
    expect(afterFirst.profile).toMatchObject({ town: 'Leuven', postcode: 3000, province: 'Vlaams-Brabant' });
    expect(afterFirst.next_step).toBe('seeking');

    // A second sitting: a new login finds the same place.
    const again = await (await t.request('/api/me/profile', { cookie: await t.login(email) })).json();
    expect(again.next_step).toBe('seeking');

    expect((await put('seeking', cookie, { ...SEEKING, orientation_consent: true })).status).toBe(200);
    expect((await put('lifestyle', cookie, LIFESTYLE)).status).toBe(200);
    const last = await (await put('own-words', cookie, OWN_WORDS)).json();
    expect(last.next_step).toBe('photos');
    // Issue 15: the client's own words are tagged too ('Ik wandel graag.'), as suggestions.
    await expect
      .poll(
        async () =>
          await t.db
            .select({
              trait: client_traits.trait,
              source: client_traits.source,
              status: client_traits.status,
            })
            .from(client_traits)
            .where(eq(client_traits.client_id, id)),
        { timeout: 10_000 },
      )
      .toEqual([{ trait: 'outdoorsy', source: 'intake_ai', status: 'suggested' }]);
    expect(last.profile.completed_steps.sort()).toEqual(['about', 'lifestyle', 'own_words', 'seeking']);
    expect(last.profile.dealbreakers.sort()).toEqual(['distance', 'smoking']);
    expect(last.completeness).toEqual({
      percent: 95,
      missing: [{ key: 'photo', label: 'Een foto', step: 'photos' }],
    });

    expect((await upload(cookie, await jpegWithLocation())).status).toBe(201);
    const done = await (await t.request('/api/me/profile', { cookie })).json();
    expect(done.completeness).toEqual({ percent: 100, missing: [] });
  });

  it('derives the province from the postcode, whatever the client sends', async () => {
    const { cookie } = await newClient();
    for (const [postcode, province] of [
      [1000, 'Brussel'],
      [1348, 'Waals-Brabant'],
      [2018, 'Antwerpen'],
      [3590, 'Limburg'],
      [6700, 'Luxemburg'],
      [6000, 'Henegouwen'],
      [8000, 'West-Vlaanderen'],
      [9000, 'Oost-Vlaanderen'],
    ] as const) {
      const body = await (await put('about', cookie, { ...ABOUT, postcode, province: 'Namen' })).json();
      expect(body.profile.province, String(postcode)).toBe(province);
    }
  });

  it('refuses bad input with a Dutch message at the field, and stores nothing', async () => {
    const { id, cookie } = await newClient();
    const cases: [string, unknown, string, string][] = [
      ['about', { ...ABOUT, postcode: 999 }, 'postcode', 'Vul een Belgische postcode in (1000-9999)'],
      ['about', { ...ABOUT, birth_date: '2023-02-30' }, 'birth_date', 'Vul een geldige geboortedatum in'],
      ['about', { ...ABOUT, height_cm: 20 }, 'height_cm', 'Vul een lengte tussen 120 en 230 cm in'],
      ['about', { ...ABOUT, languages: [] }, 'languages', 'Kies minstens één taal'],
      ['about', { ...ABOUT, gender: 'robot' }, 'gender', 'Kies je geslacht'],
      [
        'seeking',
        { ...SEEKING, age_min: 50, age_max: 30, orientation_consent: true },
        'age_max',
        'De minimumleeftijd mag niet hoger zijn dan de maximumleeftijd',
      ],
      [
        'lifestyle',
        { ...LIFESTYLE, interests: ['paardrijden op de maan'] },
        'interests.0',
        'Kies interesses uit de lijst',
      ],
      [
        'own-words',
        { ...OWN_WORDS, about_me: 'x'.repeat(1001) },
        'about_me',
        'Gebruik hoogstens 1000 tekens',
      ],
      ['own-words', { ...OWN_WORDS, looking_for: '   ' }, 'looking_for', 'Vul wat je zoekt in'],
    ];
    for (const [step, body, path, message] of cases) {
      const response = await put(step, cookie, body);
      await expectRefused(response, 400, 'BAD_REQUEST', { label: `${step} ${path}` });
      const error = await response.json();
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.issues).toContainEqual({ path, message });
    }
    expect(await t.db.select().from(client_profiles).where(eq(client_profiles.id, id))).toEqual([]);
  });

  it('refuses someone under 18 (by the server clock)', async () => {
    const { cookie } = await newClient();
    const now = t.clock.now();
    const seventeen = `${now.getUTCFullYear() - 17}-01-01`;
    const response = await put('about', cookie, { ...ABOUT, birth_date: seventeen });
    await expectRefused(response, 400, 'BAD_REQUEST', MESSAGES.tooYoung);
  });

  it('steps are for clients only and write the caller’s own row', async () => {
    const matchmaker = await createMatchmaker(t.db);
    const staffCookie = await t.login(matchmaker.email);
    for (const [step, body] of [
      ['about', ABOUT],
      ['seeking', { ...SEEKING, orientation_consent: true }],
      ['lifestyle', LIFESTYLE],
      ['own-words', OWN_WORDS],
    ] as const) {
      await expectRefused(await put(step, undefined, body), 401, 'NOT_AUTHENTICATED', { label: step });
      const refused = await put(step, staffCookie, body);
      await expectRefused(refused, 403, 'UNAUTHORIZED', { error: MESSAGES.unauthorized, label: step });
    }
    expect(await t.db.select().from(client_profiles).where(eq(client_profiles.id, matchmaker.id))).toEqual(
      [],
    );
  });
});

describe('the consent for the genders sought (GDPR art. 9)', () => {
  it('refuses the genders sought without the consent, and stores nothing', async () => {
    const { id, cookie } = await newClient();
    for (const consent of [false, undefined]) {
      const response = await put('seeking', cookie, { ...SEEKING, orientation_consent: consent });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'CONSENT_REQUIRED',
        error: MESSAGES.orientationConsentRequired,
      });
    }
    expect(await t.db.select().from(client_profiles).where(eq(client_profiles.id, id))).toEqual([]);
    expect(await t.db.select().from(client_consents).where(eq(client_consents.client_id, id))).toEqual([]);
  });

  it('stores the consent with its time and text version; withdrawing it clears the genders sought', async () => {
    const { id, cookie } = await newClient();
    const before = t.clock.now().getTime();
    const saved = await (await put('seeking', cookie, { ...SEEKING, orientation_consent: true })).json();
    expect(saved.profile.seeking_genders).toEqual(['man']);
    expect(saved.profile.orientation_consent.version).toBe(ORIENTATION_CONSENT_VERSION);
    const [consent] = await t.db.select().from(client_consents).where(eq(client_consents.client_id, id));
    expect(consent).toMatchObject({
      kind: 'orientation',
      text_version: ORIENTATION_CONSENT_VERSION,
      withdrawn_at: null,
    });
    expect(consent!.given_at.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // Saving again with the consent on record needs no second tick.
    const resaved = await put('seeking', cookie, { ...SEEKING, seeking_genders: ['man', 'woman'] });
    expect(resaved.status).toBe(200);
    expect((await resaved.json()).profile.seeking_genders).toEqual(['man', 'woman']);

    const withdrawn = await t.request('/api/me/profile/consent', { method: 'DELETE', cookie });
    expect(withdrawn.status).toBe(200);
    const body = await withdrawn.json();
    expect(body.profile.seeking_genders).toEqual([]);
    expect(body.profile.orientation_consent).toBeNull();
    expect(body.profile.completed_steps).not.toContain('seeking');
    const [row] = await t.db.select().from(client_profiles).where(eq(client_profiles.id, id));
    expect(row!.seeking_genders).toEqual([]);
    const records = await t.db.select().from(client_consents).where(eq(client_consents.client_id, id));
    expect(records).toHaveLength(1);
    expect(records[0]!.withdrawn_at).toBeInstanceOf(Date);

    // Without a consent on record, the genders sought are refused again.
    await expectRefused(
      await put('seeking', cookie, SEEKING),
      400,
      'CONSENT_REQUIRED',
      MESSAGES.orientationConsentRequired,
    );
  });

  it('withdrawing is for clients only', async () => {
    await expectRefused(
      await t.request('/api/me/profile/consent', { method: 'DELETE' }),
      401,
      'NOT_AUTHENTICATED',
    );
    const admin = await createAdmin(t.db);
    const response = await t.request('/api/me/profile/consent', {
      method: 'DELETE',
      cookie: await t.login(admin.email),
    });
    await expectRefused(response, 403, 'UNAUTHORIZED');
  });
});

describe('photos', () => {
  it('resizes to fixed sizes, removes EXIF (location included) and serves them to the client', async () => {
    const { id, cookie } = await newClient();
    const original = await jpegWithLocation();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(cookie, original);
    expect(response.status).toBe(201);
    const { photo } = await response.json();
    expect(photo.urls).toEqual({
      small: `/api/photos/${photo.id}/small`,
      large: `/api/photos/${photo.id}/large`,
    });
    expect((await storedFiles(id)).sort()).toEqual(
      [`photos/${id}/${photo.id}/large.jpg`, `photos/${id}/${photo.id}/small.jpg`].sort(),
    );
    expect((await photoKeysOf({ ctx: t.ctx, client_id: id })).sort()).toEqual((await storedFiles(id)).sort());

    for (const [size, width, height] of [
      ['small', 240, 240],
      ['large', 1024, 768],
    ] as const) {
      const served = await t.request(`/api/photos/${photo.id}/${size}`, { cookie });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width, height });
      expect(meta.exif).toBeUndefined();
    }
  });

  it('reads PNG, WebP and HEIF too', async () => {
    const { cookie } = await newClient();
    const base = sharp({ create: { width: 300, height: 500, channels: 4, background: '#3366ff' } });
    expect((await upload(cookie, await base.clone().png().toBuffer(), 'image/png', 'a.png')).status).toBe(
      201,
    );
    expect((await upload(cookie, await base.clone().webp().toBuffer(), 'image/webp', 'a.webp')).status).toBe(
      201,
    );
    // A HEIF container this sharp build decodes (AV1-coded; an HEVC-coded HEIC gets a Dutch request for a JPEG).
    const heif = await base.clone().heif({ compression: 'av1' }).toBuffer();
    expect((await upload(cookie, heif, 'image/heic', 'a.heic')).status).toBe(201);
  });

  it('refuses an SVG and a GIF (not photos), whatever type the browser claims', async () => {
    const { id, cookie } = await newClient();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="http://169.254.169.254/"/></svg>';
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    for (const bytes of [new TextEncoder().encode(svg), gif]) {
      const response = await upload(cookie, bytes, 'image/jpeg', 'x.jpg');
      expect(response.status).toBe(415);
      expect((await response.json()).code).toBe('PHOTO_NOT_IMAGE');
    }
    expect(await storedFiles(id)).toEqual([]);
  });

  it('refuses a file that is not an image, a 50 MB upload and a decompression bomb, storing nothing', async () => {
    const { id, cookie } = await newClient();
    const notImage = await upload(
      cookie,
      new TextEncoder().encode('%PDF-1.7 geen foto'),
      'image/jpeg',
      'x.jpg',
    );
    expect(notImage.status).toBe(415);
    expect(await notImage.json()).toMatchObject({ code: 'PHOTO_NOT_IMAGE', error: MESSAGES.photoNotImage });

    const huge = await upload(cookie, new Uint8Array(50 * 1024 * 1024), 'image/jpeg', 'groot.jpg');
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'PHOTO_TOO_LARGE', error: MESSAGES.photoTooLarge });

    const bomb = decompressionBomb();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const bombed = await upload(cookie, bomb, 'image/png', 'bom.png');
    expect(bombed.status).toBe(413);
    expect(await bombed.json()).toMatchObject({
      code: 'PHOTO_TOO_MANY_PIXELS',
      error: MESSAGES.photoTooManyPixels,
    });

    const missing = await t.request('/api/me/photos', { method: 'POST', cookie, body: new FormData() });
    await expectRefused(missing, 400, 'BAD_REQUEST', MESSAGES.photoMissing);

    expect(await t.db.select().from(client_photos).where(eq(client_photos.client_id, id))).toEqual([]);
    expect(await storedFiles(id)).toEqual([]);
  }, 30_000);

  it(`keeps at most ${MAX_PHOTOS} photos`, async () => {
    const { cookie } = await newClient();
    const small = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    for (let i = 0; i < MAX_PHOTOS; i++) expect((await upload(cookie, small)).status).toBe(201);
    const response = await upload(cookie, small);
    await expectRefused(response, 409, 'TOO_MANY_PHOTOS', MESSAGES.tooManyPhotos);
  });

  it('uploading is for clients only', async () => {
    const small = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    await expectRefused(await upload(undefined, small), 401, 'NOT_AUTHENTICATED');
    const matchmaker = await createMatchmaker(t.db);
    await expectRefused(await upload(await t.login(matchmaker.email), small), 403, 'UNAUTHORIZED');
  });

  it('shows photos to the client, their matchmaker, an admin, and the other client only once both accepted', async () => {
    const matchmaker = await createMatchmaker(t.db);
    const owner = await newClient({ full_name: 'Fien Foto', assigned_matchmaker_id: matchmaker.id });
    const other = await newClient({ full_name: 'Otto Ander' });
    const stranger = await newClient({ full_name: 'Stan Vreemd' });
    const admin = await createAdmin(t.db);
    const { photo } = await (await upload(owner.cookie, await jpegWithLocation(400, 400))).json();
    const match = await createMatch(t.db, { clientA: owner.id, clientB: other.id, status: 'proposed' });

    const see = (cookie: string | undefined) => t.request(`/api/photos/${photo.id}/small`, { cookie });
    const list = (cookie: string | undefined) => t.request(`/api/profiles/${owner.id}/photos`, { cookie });

    expect((await see(owner.cookie)).status).toBe(200);
    expect((await see(await t.login(matchmaker.email))).status).toBe(200);
    expect((await see(await t.login(admin.email))).status).toBe(200);
    expect((await list(await t.login(matchmaker.email))).status).toBe(200);
    await expectRefused(await see(undefined), 401, 'NOT_AUTHENTICATED');
    await expectRefused(await list(undefined), 401, 'NOT_AUTHENTICATED');
    await expectRefused(await see(stranger.cookie), 404, 'PHOTO_NOT_FOUND');
    await expectRefused(await list(stranger.cookie), 404, 'NOT_FOUND');
    // Proposed: not yet.
    await expectRefused(await see(other.cookie), 404, 'PHOTO_NOT_FOUND');
    await expectRefused(await list(other.cookie), 404, 'NOT_FOUND');

    for (const status of ['accepted', 'scheduled', 'completed'] as const) {
      const completed_at = status === 'completed' ? new Date() : null;
      await t.db.update(matches).set({ status, completed_at }).where(eq(matches.id, match.id));
      expect((await see(other.cookie)).status, status).toBe(200);
      const listed = await t.request(`/api/profiles/${owner.id}/photos`, { cookie: other.cookie });
      expect(listed.status).toBe(200);
      expect((await listed.json()).photos.map((p: { id: string }) => p.id)).toEqual([photo.id]);
    }
    for (const status of ['cancelled', 'rejected'] as const) {
      await t.db.update(matches).set({ status }).where(eq(matches.id, match.id));
      await expectRefused(await see(other.cookie), 404, 'PHOTO_NOT_FOUND', { label: status });
    }
    // The stranger still sees nothing, and a bad size or id is a 400.
    await expectRefused(await see(stranger.cookie), 404, 'PHOTO_NOT_FOUND');
    await expectRefused(
      await t.request(`/api/photos/${photo.id}/huge`, { cookie: owner.cookie }),
      400,
      'BAD_REQUEST',
      'Ongeldige grootte',
    );
    await expectRefused(
      await t.request('/api/photos/geen-id/small', { cookie: owner.cookie }),
      400,
      'BAD_REQUEST',
      'Ongeldige foto',
    );
  });

  it('issue 30: a matchmaker sees the photos of their own clients and of matches they made; another, an inactive one, none', async () => {
    const sofie = await createMatchmaker(t.db, { full_name: 'Sofie Fotorecht' });
    const lotte = await createMatchmaker(t.db, { full_name: 'Lotte Anders' });
    const marc = await createMatchmaker(t.db, { full_name: 'Marc Inactief' });
    const own = await newClient({ full_name: 'Eigen Klant', assigned_matchmaker_id: sofie.id });
    const marcs = await newClient({ full_name: 'Marcs Klant', assigned_matchmaker_id: marc.id });
    const partner = await newClient({ full_name: 'Partner Van Match' });
    const { photo } = await (await upload(own.cookie, await jpegWithLocation(400, 400))).json();
    const { photo: partnerPhoto } = await (
      await upload(partner.cookie, await jpegWithLocation(400, 400))
    ).json();
    const { photo: marcsPhoto } = await (await upload(marcs.cookie, await jpegWithLocation(400, 400))).json();
    const cookie = {
      sofie: await t.login(sofie.email),
      lotte: await t.login(lotte.email),
      marc: await t.login(marc.email),
    };
    const see = (id: string, who: string) => t.request(`/api/photos/${id}/small`, { cookie: who });
    const list = (id: string, who: string) => t.request(`/api/profiles/${id}/photos`, { cookie: who });

    expect((await see(photo.id, cookie.sofie)).status).toBe(200);
    expect((await list(own.id, cookie.sofie)).status).toBe(200);
    // Another matchmaker: neither the list nor a file.
    await expectRefused(await see(photo.id, cookie.lotte), 404, 'PHOTO_NOT_FOUND');
    await expectRefused(await list(own.id, cookie.lotte), 404, 'NOT_FOUND');
    // A match Lotte made with Sofie's client: both clients' photos for Lotte.
    await createMatch(t.db, {
      clientA: own.id,
      clientB: partner.id,
      status: 'proposed',
      matchmaker_id: lotte.id,
    });
    expect((await see(photo.id, cookie.lotte)).status).toBe(200);
    expect((await see(partnerPhoto.id, cookie.lotte)).status).toBe(200);
    await expectRefused(await see(partnerPhoto.id, cookie.sofie), 404, 'PHOTO_NOT_FOUND');
    // An inactive matchmaker (not public): not even their own client's.
    await t.db
      .update(matchmaker_profiles)
      .set({ is_active: false })
      .where(eq(matchmaker_profiles.id, marc.id));
    await expectRefused(await see(marcsPhoto.id, cookie.marc), 404, 'PHOTO_NOT_FOUND');
    await expectRefused(await list(marcs.id, cookie.marc), 404, 'NOT_FOUND');
  });

  it(`issue 30: after a completed date the two see each other's photos for ${PHOTO_ACCESS_AFTER_DATE_DAYS} days, then not`, async () => {
    const owner = await newClient({ full_name: 'Datum Dora' });
    const other = await newClient({ full_name: 'Datum Daan' });
    const { photo } = await (await upload(owner.cookie, await jpegWithLocation(400, 400))).json();
    await createMatch(t.db, { clientA: owner.id, clientB: other.id, status: 'completed' });
    const [row] = await t.db
      .select()
      .from(matches)
      .where(eq(matches.client1_id, owner.id < other.id ? owner.id : other.id));
    const completedAt = row!.completed_at!;
    const see = () => t.request(`/api/photos/${photo.id}/small`, { cookie: other.cookie });
    const list = () => t.request(`/api/profiles/${owner.id}/photos`, { cookie: other.cookie });
    const DAY = 86_400_000;
    try {
      t.clock.setOffset(completedAt.getTime() + (PHOTO_ACCESS_AFTER_DATE_DAYS - 1) * DAY - Date.now());
      expect((await see()).status).toBe(200);
      expect((await list()).status).toBe(200);
      t.clock.setOffset(completedAt.getTime() + (PHOTO_ACCESS_AFTER_DATE_DAYS + 1) * DAY - Date.now());
      await expectRefused(await see(), 404, 'PHOTO_NOT_FOUND');
      await expectRefused(await list(), 404, 'NOT_FOUND');
      // Their own photos stay theirs.
      expect((await t.request(`/api/photos/${photo.id}/small`, { cookie: owner.cookie })).status).toBe(200);
    } finally {
      t.clock.setOffset(0);
    }
  });

  it('deletes a photo (every size) for its client only', async () => {
    const owner = await newClient();
    const other = await newClient();
    const { photo } = await (await upload(owner.cookie, await jpegWithLocation(300, 300))).json();
    const path = `/api/me/photos/${photo.id}`;
    await expectRefused(await t.request(path, { method: 'DELETE' }), 401, 'NOT_AUTHENTICATED');
    await expectRefused(
      await t.request(path, { method: 'DELETE', cookie: other.cookie }),
      404,
      'PHOTO_NOT_FOUND',
    );
    const matchmaker = await createMatchmaker(t.db);
    await expectRefused(
      await t.request(path, { method: 'DELETE', cookie: await t.login(matchmaker.email) }),
      403,
      'UNAUTHORIZED',
    );
    const badId = await t.request('/api/me/photos/geen-id', { method: 'DELETE', cookie: owner.cookie });
    await expectRefused(badId, 400, 'BAD_REQUEST', 'Ongeldige foto');
    expect(await storedFiles(owner.id)).toHaveLength(2);
    expect((await t.request(path, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect(await storedFiles(owner.id)).toEqual([]);
    await expectRefused(
      await t.request(`/api/photos/${photo.id}/small`, { cookie: owner.cookie }),
      404,
      'PHOTO_NOT_FOUND',
    );
  });

  it('removeAllFor erases every file of one client and no other', async () => {
    const one = await newClient();
    const two = await newClient();
    await upload(one.cookie, await jpegWithLocation(200, 200));
    await upload(two.cookie, await jpegWithLocation(200, 200));
    expect(await t.ctx.storage.removeAllFor(one.id)).toBe(2);
    expect(await storedFiles(one.id)).toEqual([]);
    expect(await storedFiles(two.id)).toHaveLength(2);
  });
});

describe('confirmed traits and corrections', () => {
  it('shows only confirmed traits; a correction request is stored and mailed to the assigned matchmaker', async () => {
    const matchmaker = await createMatchmaker(t.db, {
      full_name: 'Mira Maker',
      email: 'mira.maker@koppel.example',
    });
    const client = await newClient({ full_name: 'Cas Correctie', assigned_matchmaker_id: matchmaker.id });
    await t.db.insert(client_traits).values([
      { client_id: client.id, trait: 'calm', confidence: 0.9, source: 'intake_ai', status: 'confirmed' },
      { client_id: client.id, trait: 'sporty', confidence: 0.6, source: 'intake_ai', status: 'suggested' },
      { client_id: client.id, trait: 'smoker', confidence: 0.7, source: 'intake_ai', status: 'rejected' },
    ]);
    const profile = await (await t.request('/api/me/profile', { cookie: client.cookie })).json();
    expect(profile.traits).toEqual([{ trait: 'calm', label: 'Rustig' }]);

    const response = await t.request('/api/me/trait-corrections', {
      cookie: client.cookie,
      json: { trait: 'calm', message: 'Ik ben eerder druk dan rustig.' },
    });
    expect(response.status).toBe(201);
    const { correction } = await response.json();
    expect(correction).toMatchObject({ trait: 'calm', status: 'open', client_name: 'Cas Correctie' });
    const [stored] = await t.db
      .select()
      .from(trait_correction_requests)
      .where(eq(trait_correction_requests.id, correction.id));
    expect(stored).toMatchObject({
      client_id: client.id,
      matchmaker_id: matchmaker.id,
      message: 'Ik ben eerder druk dan rustig.',
    });
    const mails = await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, matchmaker.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('trait-correction');
    expect(mails[0]!.text).toContain("Cas Correctie vraagt je de eigenschap 'Rustig'");
    expect(mails[0]!.text).not.toContain('druk dan rustig');

    // The matchmaker sees it; another matchmaker does not; an admin sees all; a client may not list.
    const listFor = async (email: string) =>
      t.request('/api/trait-corrections', { cookie: await t.login(email) });
    const mine = await (await listFor(matchmaker.email)).json();
    expect(mine.corrections.map((c: { id: string }) => c.id)).toEqual([correction.id]);
    const otherMatchmaker = await createMatchmaker(t.db);
    expect((await (await listFor(otherMatchmaker.email)).json()).corrections).toEqual([]);
    const admin = await createAdmin(t.db);
    expect(
      (await (await listFor(admin.email)).json()).corrections.map((c: { id: string }) => c.id),
    ).toContain(correction.id);
    await expectRefused(
      await t.request('/api/trait-corrections', { cookie: client.cookie }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(await t.request('/api/trait-corrections'), 401, 'NOT_AUTHENTICATED');
  });

  it(`issue 30: at most ${TRAIT_CORRECTIONS_PER_DAY} correction requests a day per client, then a Dutch 429`, async () => {
    const matchmaker = await createMatchmaker(t.db);
    const client = await newClient({ full_name: 'Veel Vragen', assigned_matchmaker_id: matchmaker.id });
    const ask = () =>
      t.request('/api/me/trait-corrections', {
        cookie: client.cookie,
        json: { message: 'Mijn eigenschappen kloppen niet.' },
      });
    // Sent together: exactly the limit gets through.
    const answers = await Promise.all(Array.from({ length: TRAIT_CORRECTIONS_PER_DAY + 3 }, ask));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(TRAIT_CORRECTIONS_PER_DAY);
    const refused = answers.find((r) => r.status !== 201)!;
    await expectRefused(refused, 429, 'TRAIT_CORRECTION_LIMIT', MESSAGES.traitCorrectionLimit);
    const mails = await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, matchmaker.email));
    expect(mails).toHaveLength(TRAIT_CORRECTIONS_PER_DAY);
    // Another client is not held back; a day later this one may ask again.
    const other = await newClient();
    expect(
      (
        await t.request('/api/me/trait-corrections', {
          cookie: other.cookie,
          json: { message: 'Klopt niet helemaal.' },
        })
      ).status,
    ).toBe(201);
    try {
      t.clock.setOffset(86_400_000 + 60_000);
      expect((await ask()).status).toBe(201);
    } finally {
      t.clock.setOffset(0);
    }
  });

  it('refuses bad input and staff, and a client without matchmaker mails nobody', async () => {
    const client = await newClient();
    for (const json of [{ message: 'kort' }, { trait: 'vliegend', message: 'Dit klopt niet hoor' }, {}]) {
      const response = await t.request('/api/me/trait-corrections', { cookie: client.cookie, json });
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe('BAD_REQUEST');
    }
    const before = (await t.db.select().from(email_outbox)).length;
    const ok = await t.request('/api/me/trait-corrections', {
      cookie: client.cookie,
      json: { message: 'Mijn eigenschappen kloppen niet.' },
    });
    expect(ok.status).toBe(201);
    expect((await t.db.select().from(email_outbox)).length).toBe(before);
    const matchmaker = await createMatchmaker(t.db);
    const refused = await t.request('/api/me/trait-corrections', {
      cookie: await t.login(matchmaker.email),
      json: { message: 'Mijn eigenschappen kloppen niet.' },
    });
    await expectRefused(refused, 403, 'UNAUTHORIZED');
    await expectRefused(
      await t.request('/api/me/trait-corrections', { json: { message: 'anoniem hier' } }),
      401,
      'NOT_AUTHENTICATED',
    );
  });
});

describe('the demo data', () => {
  it('gives Emma a complete profile with the consent and two photos drawn at seed time', async () => {
    await seedDemo(t.db, t.clock.now(), { files: t.ctx.storage });
    const cookie = await t.login('emma@koppel.example', DEMO_PASSWORD);
    const body = await (await t.request('/api/me/profile', { cookie })).json();
    expect(body.completeness).toEqual({ percent: 100, missing: [] });
    expect(body.profile.orientation_consent.version).toBe(ORIENTATION_CONSENT_VERSION);
    expect(body.profile.seeking_genders).toEqual(['man']);
    expect(body.photos).toHaveLength(2);
    const served = await t.request(body.photos[0].urls.large, { cookie });
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1024);
  }, 60_000);
});
