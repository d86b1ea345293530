import { createRoute, z } from '@hono/zod-openapi';
import { STAFF_ROLES } from '../../../shared/domain';
import { MESSAGES } from '../../../shared/messages';
import {
  aboutStepSchema,
  lifestyleStepSchema,
  ownWordsStepSchema,
  PHOTO_MAX_BYTES,
  PHOTO_SIZE_KEYS,
  photoSchema,
  photosResponseSchema,
  profileResponseSchema,
  seekingStepSchema,
  traitCorrectionRequestSchema,
  traitCorrectionSchema,
} from '../../../shared/profile';
import { type AppContext, requireActor } from '../../context';
import { AppError } from '../../lib/errors';
import { authErrorResponses, createRouter, errorContent, json } from '../../lib/openapi';
import { listPhotosOf, readPhoto } from './photo-access.service';
import {
  deletePhoto,
  getOwnProfile,
  saveAbout,
  saveLifestyle,
  saveOwnWords,
  saveSeeking,
  uploadPhoto,
  withdrawOrientationConsent,
} from './profile.service';
import { listTraitCorrections, requestTraitCorrection } from './trait-corrections.service';

const profileAnswer = { ...json(profileResponseSchema), description: 'The profile as saved' };

const getRouteDef = createRoute({
  method: 'get',
  path: '/me/profile',
  tags: ['profile'],
  summary: "The client's profile: answers, photos, the step to resume at, completeness, confirmed traits",
  responses: { 200: profileAnswer, ...authErrorResponses },
});

const stepRoute = <T extends z.ZodType>(path: string, schema: T, summary: string) =>
  createRoute({
    method: 'put',
    path: `/me/profile/${path}`,
    tags: ['profile'],
    summary,
    request: { body: { ...json(schema), required: true } },
    responses: {
      200: profileAnswer,
      400: errorContent('Ongeldige invoer (in het Nederlands, per veld), of geen toestemming'),
      ...authErrorResponses,
    },
  });

const aboutRouteDef = stepRoute(
  'about',
  aboutStepSchema,
  'Step 1, Over jou: birth date (18+), gender, town and postcode (province derived), height, education, profession, languages',
);
const seekingRouteDef = stepRoute(
  'seeking',
  seekingStepSchema,
  'Step 2, Wie zoek je: genders sought (needs the separate consent, GDPR art. 9), age range, distance, relationship; dealbreakers',
);
const lifestyleRouteDef = stepRoute(
  'lifestyle',
  lifestyleStepSchema,
  'Step 3, Levensstijl en waarden: smoking, drinking, children, religion, interests; dealbreakers',
);
const ownWordsRouteDef = stepRoute(
  'own-words',
  ownWordsStepSchema,
  'Step 4, In je eigen woorden: two free texts',
);

const withdrawRouteDef = createRoute({
  method: 'delete',
  path: '/me/profile/consent',
  tags: ['profile'],
  summary: 'Withdraw the consent for the genders sought: recorded, and those answers are erased at once',
  responses: { 200: profileAnswer, ...authErrorResponses },
});

const photoField = z
  .custom<File>((value) => value instanceof File, { message: MESSAGES.photoMissing })
  .openapi({ type: 'string', format: 'binary' });

const uploadRouteDef = createRoute({
  method: 'post',
  path: '/me/photos',
  tags: ['profile'],
  summary:
    'Upload a photo (multipart field `photo`: JPEG, PNG, WebP or HEIC where readable; at most 10 MB). Resized to fixed sizes, EXIF removed',
  request: {
    body: { content: { 'multipart/form-data': { schema: z.object({ photo: photoField }) } }, required: true },
  },
  responses: {
    201: { ...json(z.object({ photo: photoSchema })), description: 'The stored photo' },
    400: errorContent('Geen foto gekozen'),
    ...authErrorResponses,
    409: errorContent('Al 6 foto’s'),
    413: errorContent('Groter dan 10 MB of meer dan 50 megapixel'),
    415: errorContent('Geen foto die we kunnen lezen'),
  },
});

const photoParams = z.object({
  id: z.uuid('Ongeldige foto').openapi({ param: { name: 'id', in: 'path' } }),
});

const deletePhotoRouteDef = createRoute({
  method: 'delete',
  path: '/me/photos/{id}',
  tags: ['profile'],
  summary: 'Delete one of your photos (every size)',
  request: { params: photoParams },
  responses: {
    204: { description: 'Deleted' },
    400: errorContent('Ongeldige foto'),
    ...authErrorResponses,
    404: errorContent('Geen foto van jou'),
  },
});

const readPhotoRouteDef = createRoute({
  method: 'get',
  path: '/photos/{id}/{size}',
  tags: ['profile'],
  summary:
    'A photo in one size, for its client, an admin, an active matchmaker of the client (own client, a match they made, a candidate magic match showed them) and the other client of a match both accepted (until 30 days after a completed date); 404 for anyone else',
  request: {
    params: photoParams.extend({
      size: z
        .enum(PHOTO_SIZE_KEYS, { error: 'Ongeldige grootte' })
        .openapi({ param: { name: 'size', in: 'path' } }),
    }),
  },
  responses: {
    200: {
      content: { 'image/jpeg': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
      description: 'The JPEG',
    },
    400: errorContent('Ongeldige foto of grootte'),
    ...authErrorResponses,
    404: errorContent('Geen foto die je mag zien'),
  },
});

const listPhotosRouteDef = createRoute({
  method: 'get',
  path: '/profiles/{id}/photos',
  tags: ['profile'],
  summary:
    "Another client's photos: for an admin, an active matchmaker of the client (own client, a match they made, a candidate magic match showed them), and the other client of a match both accepted (until 30 days after a completed date)",
  request: {
    params: z.object({
      id: z
        .string()
        .min(1)
        .max(100)
        .openapi({ param: { name: 'id', in: 'path' } }),
    }),
  },
  responses: {
    200: { ...json(photosResponseSchema), description: 'The photos, oldest first' },
    ...authErrorResponses,
    404: errorContent('Geen klant wiens foto’s je mag zien'),
  },
});

const correctionRouteDef = createRoute({
  method: 'post',
  path: '/me/trait-corrections',
  tags: ['profile'],
  summary: "Ask the matchmaker to correct one's confirmed traits; the assigned matchmaker is mailed",
  request: { body: { ...json(traitCorrectionRequestSchema), required: true } },
  responses: {
    201: { ...json(z.object({ correction: traitCorrectionSchema })), description: 'The stored request' },
    400: errorContent('Ongeldige invoer'),
    ...authErrorResponses,
    429: errorContent('Al 5 correcties in de laatste 24 uur'),
  },
});

const correctionsListRouteDef = createRoute({
  method: 'get',
  path: '/trait-corrections',
  tags: ['profile'],
  summary: "Open correction requests: a matchmaker's own clients', an admin's all; newest first",
  responses: {
    200: {
      ...json(z.object({ corrections: z.array(traitCorrectionSchema) })),
      description: 'Open requests',
    },
    ...authErrorResponses,
  },
});

export function profileRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(getRouteDef, async (c) => {
      const { user } = await requireActor(ctx, c, ['client']);
      return c.json(await getOwnProfile({ ctx, client_id: user.id }), 200);
    })
    .openapi(aboutRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      return c.json(await saveAbout({ ctx, actor, input: c.req.valid('json') }), 200);
    })
    .openapi(seekingRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      return c.json(await saveSeeking({ ctx, actor, input: c.req.valid('json') }), 200);
    })
    .openapi(lifestyleRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const input = c.req.valid('json');
      return c.json(await saveLifestyle({ ctx, actor, input }), 200);
    })
    .openapi(ownWordsRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const input = c.req.valid('json');
      return c.json(await saveOwnWords({ ctx, actor, input }), 200);
    })
    .openapi(withdrawRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      return c.json(await withdrawOrientationConsent({ ctx, actor }), 200);
    })
    .openapi(uploadRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const file = c.req.valid('form').photo;
      if (file.size > PHOTO_MAX_BYTES) throw new AppError('PHOTO_TOO_LARGE');
      const photo = await uploadPhoto({ ctx, actor, bytes: new Uint8Array(await file.arrayBuffer()) });
      return c.json({ photo }, 201);
    })
    .openapi(deletePhotoRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      await deletePhoto({ ctx, actor, id: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .openapi(readPhotoRouteDef, async (c) => {
      const actor = await requireActor(ctx, c);
      const { id, size } = c.req.valid('param');
      const bytes = await readPhoto({ ctx, actor, id, size });
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'image/jpeg',
        'x-content-type-options': 'nosniff',
      });
    })
    .openapi(listPhotosRouteDef, async (c) => {
      const actor = await requireActor(ctx, c);
      const photos = await listPhotosOf({ ctx, actor, client_id: c.req.valid('param').id });
      return c.json({ photos }, 200);
    })
    .openapi(correctionRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const correction = await requestTraitCorrection({ ctx, actor, input: c.req.valid('json') });
      return c.json({ correction }, 201);
    })
    .openapi(correctionsListRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      return c.json({ corrections: await listTraitCorrections({ ctx, actor }) }, 200);
    });
}
