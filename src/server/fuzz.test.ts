import { randomUUID } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createClient, createMatch, createMatchmaker, TEST_PASSWORD } from './db/factories';
import { session } from './db/schema';
import { TERMS_ACCEPTED } from './test/checkout';
import { type FakeStripe, startFakeStripe } from './test/fake-stripe';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Bad input never gets a 5xx. Every operation of `/api/openapi.json` (our routes, better-auth's
 * under /api/auth, /dev/*) gets malformed bodies and parameters, as a visitor and as a signed-in
 * client, matchmaker and admin; a 4xx must be `{ error, code }`. Everything is derived from the
 * document, so a new endpoint is fuzzed without touching this file.
 *
 * Sampling: every operation gets every kind of bad input. Each probe goes to one of the roles
 * the operation admits (a valid request is not answered 401/403), in turn, since validation often
 * runs only after the role check; the roles it refuses get each kind once. A kind aimed at one
 * field goes to two fields (a different pair per kind); dates and numbers get all their bad values,
 * but only in fields of that type. Password hashing (sign-in, sign-up) makes requests expensive.
 */

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OperationObject {
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: unknown;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema>; parameters?: Record<string, Parameter> };
}

interface Operation {
  key: string;
  method: string;
  path: string;
  tags: string[];
  pathParams: Parameter[];
  queryParams: Parameter[];
  bodySchema: JsonSchema | undefined;
}

const ROLES = ['visitor', 'client', 'matchmaker', 'admin'] as const;
type Role = (typeof ROLES)[number];
const SIGNED_IN = ['client', 'matchmaker', 'admin'] as const;
type SignedInRole = (typeof SIGNED_IN)[number];
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const WEBHOOK_SECRET = 'whsec_koppel_fuzz_secret';

// ---------------------------------------------------------------------------------------------
// The document: its operations, and a plausible valid example of each schema.

function resolveRef<T extends { $ref?: string }>(doc: OpenApiDocument, value: T | undefined): T | undefined {
  let current = value;
  for (let hops = 0; current?.$ref && hops < 10; hops++) {
    const [, , section, name] = current.$ref.split('/');
    const table = doc.components?.[section as 'schemas'] as Record<string, T> | undefined;
    current = name ? table?.[name] : undefined;
  }
  return current;
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      const params = (op.parameters ?? []).map((p) => resolveRef(doc, p)).filter((p): p is Parameter => !!p);
      const content = op.requestBody?.content ?? {};
      const jsonType = Object.keys(content).find((type) => /json/i.test(type));
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method,
        path,
        tags: op.tags ?? [],
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        bodySchema: jsonType ? (content[jsonType]?.schema ?? {}) : undefined,
      });
    }
  }
  return operations;
}

/** The schema without refs and unions: what a field holds when it holds something. */
function effective(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  const s = resolveRef(doc, schema) ?? {};
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) {
    return effective(doc, variants.find((v) => resolveRef(doc, v)?.type !== 'null') ?? variants[0]);
  }
  return s;
}
const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);
const isDateField = (s: JsonSchema, name: string) =>
  s.format === 'date-time' || s.format === 'date' || /(_at|_date|At|Date)$/.test(name);

function exampleOf(doc: OpenApiDocument, schema: JsonSchema | undefined, name = '', depth = 0): unknown {
  const s = effective(doc, schema);
  if (depth > 6) return 'tekst';
  if ('const' in s) return s.const;
  if (s.enum?.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  if (s.default !== undefined) return s.default;
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => exampleOf(doc, part, name, depth + 1)));
  const type = typeOf(s);
  if (type === 'object' || (!type && s.properties)) {
    return Object.fromEntries(
      Object.entries(s.properties ?? {}).map(([key, value]) => [key, exampleOf(doc, value, key, depth + 1)]),
    );
  }
  if (type === 'array') return [exampleOf(doc, s.items, name, depth + 1)];
  if (type === 'integer' || type === 'number') return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? 1);
  if (type === 'boolean') return true;
  if (isDateField(s, name)) return '2030-06-01T18:00:00.000Z';
  if (s.format === 'email' || /email/i.test(name)) return `fuzz-${randomUUID().slice(0, 8)}@example.be`;
  if (s.format === 'uuid') return randomUUID();
  if (/password/i.test(name)) return TEST_PASSWORD;
  if (s.format === 'uri' || /url$/i.test(name)) return '/';
  return 'tekst'.padEnd(s.minLength ?? 0, 'x');
}

// ---------------------------------------------------------------------------------------------
// Bad input.

interface BodyProbe {
  kind: string;
  detail?: string;
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string | null;
  headers?: Record<string, string>;
}

const json = (value: unknown) => JSON.stringify(value);
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(Buffer.concat(parts.map((part) => Buffer.from(part))));
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const HUGE = 'x'.repeat(200_000);
const BEYOND_CAP = 'x'.repeat(300_000);
/** Dates the API must refuse; the first three match the ISO pattern. */
const BAD_DATES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59Z',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '2024-02-30T10:00:00Z',
  '1899-12-31T23:59:59Z',
  'gisteren',
];
const BAD_NUMBERS = [
  '1e308',
  '-1e308',
  '1e400',
  '9007199254740993',
  '8640000000000000',
  '-8640000000000000',
  '-1',
  '0',
  '0.5',
  '-0',
];

/** Probes of the whole body: the same for every operation. */
function wholeBodyProbes(example: unknown): BodyProbe[] {
  const valid = json(example ?? {});
  const j = 'application/json';
  const fields = example && typeof example === 'object' && !Array.isArray(example) ? example : {};
  const text = (v: unknown) => (typeof v === 'string' ? v : json(v));
  const form = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, text(v)])).toString();
  const boundary = 'fuzzgrens';
  const multipart = `${Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${text(v)}\r\n`)
    .join('')}--${boundary}--\r\n`;
  return [
    { kind: 'malformed-json', body: '{"a":', contentType: j },
    { kind: 'malformed-json', detail: 'trailing garbage', body: `${valid} x`, contentType: j },
    { kind: 'empty-body', body: '', contentType: j },
    { kind: 'json-null', body: 'null', contentType: j },
    { kind: 'array-instead-of-object', body: `[${valid}]`, contentType: j },
    { kind: 'json-scalar', body: '"tekst"', contentType: j },
    { kind: 'json-scalar', detail: 'number', body: '42', contentType: j },
    { kind: 'empty-object', body: '{}', contentType: j },
    {
      kind: 'prototype-keys',
      body: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{}}}',
      contentType: j,
    },
    { kind: 'duplicate-keys', body: valid.replace(/^\{/, '{"a":1,"a":null,'), contentType: j },
    { kind: 'bom', body: `\uFEFF${valid}`, contentType: j },
    { kind: 'deep-nesting', body: deepArray(20_000), contentType: j },
    {
      kind: 'deep-nesting',
      detail: 'objects',
      body: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
      contentType: j,
    },
    {
      kind: 'many-keys',
      body: json(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]))),
      contentType: j,
    },
    { kind: 'beyond-body-cap', body: json({ ...fields, veld: BEYOND_CAP }), contentType: j },
    { kind: 'nul', detail: 'in a key', body: json({ ...fields, 'a\u0000b': 'x' }), contentType: j },
    { kind: 'invalid-utf8', body: bytes('{"veld":"', [0xc3, 0x28, 0xff, 0xfe], '"}'), contentType: j },
    { kind: 'wrong-content-type', body: valid, contentType: 'text/plain' },
    { kind: 'wrong-content-type', detail: 'none', body: valid, contentType: null },
    {
      kind: 'wrong-content-type',
      detail: 'utf-16',
      body: valid,
      contentType: 'application/json; charset=utf-16',
    },
    { kind: 'form-body', body: form, contentType: 'application/x-www-form-urlencoded' },
    {
      kind: 'form-body',
      detail: 'nul',
      body: `${form}&veld=%00`,
      contentType: 'application/x-www-form-urlencoded',
    },
    {
      kind: 'form-body',
      detail: 'multipart',
      body: multipart,
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    {
      kind: 'form-body',
      detail: 'broken multipart',
      body: '--x\r\nrommel',
      contentType: 'multipart/form-data',
    },
  ];
}

/**
 * Probes of one field at a time. Kinds that only make sense for a type go to the fields of that
 * type (or, when there is none, to the first field, so every operation gets every kind).
 */
function fieldProbes(doc: OpenApiDocument, schema: JsonSchema | undefined, example: unknown): BodyProbe[] {
  const fields =
    example && typeof example === 'object' && !Array.isArray(example)
      ? (example as Record<string, unknown>)
      : {};
  const properties = effective(doc, schema).properties ?? {};
  const names = Object.keys(fields).length ? Object.keys(fields) : ['veld'];
  const schemaOf = (name: string) => effective(doc, properties[name]);
  const strings = names.filter((n) => typeof fields[n] === 'string' || fields[n] === undefined);
  const numbers = names.filter((n) => ['integer', 'number'].includes(typeOf(schemaOf(n)) ?? ''));
  const dates = strings.filter((n) => isDateField(schemaOf(n), n));
  const probes: BodyProbe[] = [];
  const put = (kind: string, name: string, raw: string, note = '') =>
    probes.push({ kind, detail: `${name}${note}`, body: raw, contentType: 'application/json' });
  const set = (kind: string, name: string, value: unknown) =>
    put(kind, name, json({ ...fields, [name]: value }));
  const setRaw = (kind: string, name: string, raw: string, note = '') =>
    put(kind, name, json({ ...fields, [name]: '__RAW__' }).replace('"__RAW__"', raw), note);

  // Each kind goes to two fields, a different pair per kind, so all fields get their share.
  const pick = (list: string[], kind: number) =>
    list.length <= 2 ? list : [list[kind % list.length]!, list[(kind + 1) % list.length]!];
  const general: ((name: string) => void)[] = [
    (name) => put('missing-field', name, json({ ...fields, [name]: undefined })),
    (name) => put('extra-field', name, json({ ...fields, [`${name}_extra`]: fields[name], onbekend: 'x' })),
    (name) => set('null', name, null),
    (name) => set('wrong-type', name, typeof fields[name] === 'string' ? 12345 : 'tekst'),
    (name) => set('object-instead-of-value', name, { a: { b: [1] } }),
    (name) => set('array-instead-of-value', name, [fields[name], fields[name]]),
    (name) => setRaw('deep-nesting', name, deepArray(20_000)),
  ];
  const textual: ((name: string) => void)[] = [
    (name) => set('empty-string', name, '   '),
    (name) => set('huge-string', name, HUGE),
    (name) => set('nul', name, 'a\u0000b'),
    (name) => set('lone-surrogate', name, 'a\ud800b'),
    (name) => set('unicode', name, '\u202e\u200b😀 é \u2028'),
    (name) =>
      probes.push({
        kind: 'invalid-utf8',
        detail: name,
        body: bytes(
          json({ ...fields, [name]: '__U__' }).split('"__U__"')[0]!,
          '"a',
          [0xed, 0xa0, 0x80, 0xc0],
          '"}',
        ),
        contentType: 'application/json',
      }),
  ];
  general.forEach((probe, k) => {
    for (const name of pick(names, k)) probe(name);
  });
  textual.forEach((probe, k) => {
    for (const name of pick(strings.length ? strings : names, k)) probe(name);
  });
  const dateFields = dates.length ? dates : (strings.length ? strings : names).slice(0, 1);
  for (const name of dateFields)
    for (const date of dates.length ? BAD_DATES : BAD_DATES.slice(0, 1)) set('bad-date', name, date);
  const numberFields = numbers.length ? numbers : names.slice(0, 1);
  for (const name of numberFields) {
    for (const number of numbers.length ? BAD_NUMBERS : BAD_NUMBERS.slice(0, 1)) {
      setRaw('bad-number', name, number, ` ${number}`);
    }
  }
  return probes;
}

const BODY_KINDS = [
  ...new Set(
    [...wholeBodyProbes({}), ...fieldProbes({ paths: {} }, undefined, { a: 'x' })].map((p) => p.kind),
  ),
];

/** Bad values of a path or query parameter, already percent-encoded as they travel. */
const BAD_PARAMS: { kind: string; value: string }[] = [
  { kind: 'nul', value: '%00' },
  { kind: 'nul', value: 'a%00b' },
  { kind: 'invalid-utf8', value: '%C3%28' },
  { kind: 'invalid-utf8', value: '%FF%FE' },
  { kind: 'lone-surrogate', value: '%ED%A0%80' },
  { kind: 'malformed-escape', value: '%' },
  { kind: 'malformed-escape', value: '%zz' },
  { kind: 'huge-string', value: 'x'.repeat(8000) },
  { kind: 'bad-number', value: '-1' },
  { kind: 'bad-number', value: '1e308' },
  { kind: 'bad-date', value: '0000-01-01T00%3A00%3A00Z' },
  { kind: 'wrong-type', value: 'null' },
  { kind: 'wrong-type', value: '%5B%5D' },
  { kind: 'injection', value: "'%20OR%201%3D1--" },
  { kind: 'path-traversal', value: '..%2F..%2Fetc%2Fpasswd' },
  { kind: 'unicode', value: '%E2%80%AE%F0%9F%98%80' },
  { kind: 'empty-string', value: '%20' },
];
const PARAM_KINDS = [...new Set(BAD_PARAMS.map((p) => p.kind))];
const QUERY_ONLY_KINDS = ['missing', 'repeated'];

// ---------------------------------------------------------------------------------------------
// Sending probes and judging the answers.

interface Tally {
  requests: number;
  serverErrors: number;
  failures: string[];
  kindsSent: Map<string, Set<string>>;
  rolesSent: Map<string, Set<Role>>;
}
const newTally = (): Tally => ({
  requests: 0,
  serverErrors: 0,
  failures: [],
  kindsSent: new Map(),
  rolesSent: new Map(),
});

interface Fixture {
  t: TestApp;
  cookies: Record<SignedInRole, string> & { visitor?: undefined };
  /** Each signed-in role's session row, as it was after signing in. */
  sessions: Record<SignedInRole, typeof session.$inferSelect>;
  /** Real ids and names a path parameter may take, tried until one is not a 404. */
  pathCandidates: string[];
}

interface Probe extends Omit<BodyProbe, 'body'> {
  url: string;
  body?: string | Uint8Array<ArrayBuffer>;
}

function send(fx: Fixture, op: Operation, role: Role, probe: Omit<Probe, 'kind'>) {
  const headers: Record<string, string> = { ...probe.headers };
  const cookie = fx.cookies[role];
  if (cookie) headers.cookie = cookie;
  if (probe.contentType) headers['content-type'] = probe.contentType;
  return fx.t.request(probe.url, {
    method: op.method.toUpperCase(),
    headers,
    body: BODY_METHODS.has(op.method) ? probe.body : undefined,
  });
}

async function judge(tally: Tally, op: Operation, role: Role, probe: Probe, response: Response) {
  tally.requests++;
  tally.kindsSent.get(op.key)?.add(probe.kind);
  tally.rolesSent.get(op.key)?.add(role);
  const label = `${op.key} [${probe.kind}${probe.detail ? ` ${probe.detail.slice(0, 40)}` : ''}] as ${role}`;
  const text = await response.text();
  if (response.status >= 500) {
    tally.serverErrors++;
    tally.failures.push(`${response.status} ${label}: ${text.slice(0, 160)}`);
    return;
  }
  if (response.status < 400) return;
  let body: { error?: unknown; code?: unknown } | null = null;
  try {
    body = JSON.parse(text);
  } catch {}
  if (typeof body?.error !== 'string' || typeof body?.code !== 'string') {
    tally.failures.push(`${response.status} without { error, code } ${label}: ${text.slice(0, 160)}`);
  }
}

function buildUrl(op: Operation, pathValues: Record<string, string>, query: [string, string][]) {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => pathValues[name] ?? 'x');
  const search = query.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&');
  return search ? `${path}?${search}` : path;
}

/** The first candidate for the path parameters that some role does not get a 404 for. */
async function goodPathValues(fx: Fixture, op: Operation, query: [string, string][], body: BodyProbe) {
  const candidates = fx.pathCandidates;
  for (const candidate of candidates) {
    const values = Object.fromEntries(op.pathParams.map((p) => [p.name, encodeURIComponent(candidate)]));
    for (const role of ROLES) {
      const response = await send(fx, op, role, { ...body, url: buildUrl(op, values, query) });
      await response.arrayBuffer();
      if (response.status !== 404 && response.status < 500) return values;
    }
  }
  return Object.fromEntries(op.pathParams.map((p) => [p.name, 'tekst']));
}

/**
 * After a request that may have changed things: the clock goes back, and a role whose session a
 * probe ended (sign-out, revoke-sessions, change-password) gets its session row back, so its
 * cookie works again without signing in (password hashing is slow).
 */
async function restoreSessions(fx: Fixture, roles: readonly Role[] = SIGNED_IN) {
  fx.t.clock.setOffset(0);
  for (const role of SIGNED_IN.filter((r) => roles.includes(r))) {
    if (await hasSession(fx, role)) continue;
    const saved = fx.sessions[role];
    await fx.t.db.delete(session).where(or(eq(session.id, saved.id), eq(session.token, saved.token)));
    await fx.t.db.insert(session).values(saved);
    if (!(await hasSession(fx, role))) throw new Error(`could not restore the session of the ${role}`);
  }
}

async function hasSession(fx: Fixture, role: SignedInRole) {
  const response = await fx.t.request('/api/auth/get-session', { headers: { cookie: fx.cookies[role] } });
  return !!(await response.json().catch(() => null));
}

async function fuzzOperation(
  fx: Fixture,
  doc: OpenApiDocument,
  op: Operation,
  tally: Tally,
  extraProbes: (example: unknown) => BodyProbe[] = () => [],
) {
  tally.kindsSent.set(op.key, new Set());
  tally.rolesSent.set(op.key, new Set());
  const goodQuery: [string, string][] = op.queryParams
    .filter((p) => p.required)
    .map((p) => [p.name, encodeURIComponent(String(exampleOf(doc, p.schema, p.name)))]);
  const example = op.bodySchema ? exampleOf(doc, op.bodySchema) : {};
  const validBody: BodyProbe = op.bodySchema
    ? { kind: 'valid', body: json(example), contentType: 'application/json' }
    : { kind: 'valid', body: '', contentType: null };
  const goodPath = op.pathParams.length ? await goodPathValues(fx, op, goodQuery, validBody) : {};
  const goodUrl = buildUrl(op, goodPath, goodQuery);

  // Which roles get past the role check with a valid request.
  const admitted: Role[] = [];
  for (const role of ROLES) {
    const response = await send(fx, op, role, { ...validBody, url: goodUrl });
    await response.arrayBuffer();
    if (response.status !== 401 && response.status !== 403) admitted.push(role);
  }
  if (!admitted.length) admitted.push(...ROLES);
  await restoreSessions(fx);
  const refused = ROLES.filter((role) => !admitted.includes(role));

  const probes: Probe[] = [];
  const withParam = (where: 'path' | 'query', name: string, value: string) =>
    where === 'path'
      ? buildUrl(op, { ...goodPath, [name]: value }, goodQuery)
      : buildUrl(op, goodPath, [...goodQuery.filter(([n]) => n !== name), [name, value]]);
  for (const param of [...op.pathParams, ...op.queryParams]) {
    const where = param.in as 'path' | 'query';
    for (const bad of BAD_PARAMS) {
      probes.push({
        ...validBody,
        kind: bad.kind,
        detail: `${where} ${param.name}=${bad.value.slice(0, 20)}`,
        url: withParam(where, param.name, bad.value),
      });
    }
  }
  for (const param of op.queryParams) {
    const others = goodQuery.filter(([name]) => name !== param.name);
    probes.push({
      ...validBody,
      kind: 'missing',
      detail: `query ${param.name}`,
      url: buildUrl(op, goodPath, others),
    });
    probes.push({
      ...validBody,
      kind: 'repeated',
      detail: `query ${param.name}`,
      url: buildUrl(op, goodPath, [
        ...others,
        [param.name, 'a'],
        [param.name, 'b'],
        [`${param.name}[]`, 'c'],
      ]),
    });
  }
  if (BODY_METHODS.has(op.method)) {
    for (const probe of [
      ...wholeBodyProbes(example),
      ...fieldProbes(doc, op.bodySchema, example),
      ...extraProbes(example),
    ]) {
      probes.push({ ...probe, url: goodUrl });
    }
  }

  let turn = 0;
  let changedBy: Role | undefined;
  const refusedKinds = new Set<string>();
  for (const probe of probes) {
    const roles: Role[] = [admitted[turn++ % admitted.length]!];
    if (refused.length && !refusedKinds.has(probe.kind)) {
      refusedKinds.add(probe.kind);
      roles.push(refused[refusedKinds.size % refused.length]!);
    }
    for (const role of roles) {
      if (changedBy) await restoreSessions(fx, [changedBy]);
      const response = await send(fx, op, role, probe);
      // Only a role's own session can end by its request (sign-out, revoke-sessions).
      changedBy = BODY_METHODS.has(op.method) && response.status < 300 ? role : undefined;
      await judge(tally, op, role, probe, response);
    }
  }
  await restoreSessions(fx);
}

// ---------------------------------------------------------------------------------------------

async function openDocument(t: TestApp): Promise<OpenApiDocument> {
  // better-auth's part of the document is generated asynchronously when the app is built.
  for (let attempt = 0; attempt < 50; attempt++) {
    const doc = (await (await t.request('/api/openapi.json')).json()) as OpenApiDocument;
    if (Object.keys(doc.paths).some((path) => path.startsWith('/api/auth/'))) return doc;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the OpenAPI document never listed the auth routes');
}

async function createFixture(t: TestApp): Promise<Fixture> {
  const admin = await createAdmin(t.db, { email: `beheer-${randomUUID().slice(0, 8)}@fuzz.example` });
  const matchmaker = await createMatchmaker(t.db, { full_name: 'Sofie Fuzz' });
  const client = await createClient(t.db, { full_name: 'Emma Fuzz', assigned_matchmaker_id: matchmaker.id });
  const other = await createClient(t.db, { full_name: 'Lucas Fuzz', assigned_matchmaker_id: matchmaker.id });
  const match = await createMatch(t.db, {
    clientA: client.id,
    clientB: other.id,
    matchmaker_id: matchmaker.id,
    status: 'accepted',
  });
  const fx: Fixture = {
    t,
    cookies: {
      visitor: undefined,
      client: await t.login(client.email),
      matchmaker: await t.login(matchmaker.email),
      admin: await t.login(admin.email),
    },
    sessions: {} as Fixture['sessions'],
    pathCandidates: [match.id, 'sofie-fuzz', client.id, 'swagger-ui.css'],
  };
  for (const [role, who] of [
    ['client', client],
    ['matchmaker', matchmaker],
    ['admin', admin],
  ] as const) {
    const [row] = await t.db.select().from(session).where(eq(session.userId, who.id));
    fx.sessions[role] = row!;
  }
  // A checkout of the client (on a demo install it has its own test checkout pages).
  const checkout = await t.request('/api/checkout-sessions', {
    cookie: fx.cookies.client,
    json: { tier: 'Relax+', ...TERMS_ACCEPTED },
  });
  if (checkout.status === 201) {
    const { url } = (await checkout.json()) as { url: string };
    fx.pathCandidates.push(decodeURIComponent(url.split('/').pop()!.split('?')[0]!));
  }
  // A message in the dev mailbox.
  await t.request('/api/auth/request-password-reset', { json: { email: client.email, redirectTo: '/' } });
  const mailbox = await t.request('/dev/mailbox.json');
  if (mailbox.status === 200) {
    const { messages } = (await mailbox.json()) as { messages: { id: string }[] };
    if (messages[0]) fx.pathCandidates.push(messages[0].id);
  }
  return fx;
}

async function fuzzAll(
  name: string,
  fx: Fixture,
  doc: OpenApiDocument,
  operations: Operation[],
  extraProbes?: (op: Operation) => ((example: unknown) => BodyProbe[]) | undefined,
) {
  const tally = newTally();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const op of operations) {
    await fuzzOperation(fx, doc, op, tally, extraProbes?.(op));
  }
  const used = process.cpuUsage(cpu);
  console.info(
    `fuzz (${name}): ${operations.length} operations, ${tally.requests} requests, ${tally.serverErrors} 5xx, ` +
      `${tally.failures.length - tally.serverErrors} 4xx without { error, code } ` +
      `(${Math.round(performance.now() - started)} ms, cpu ${Math.round((used.user + used.system) / 1000)} ms)`,
  );
  return tally;
}

function expectEveryKindAndRole(operations: Operation[], tally: Tally) {
  for (const op of operations) {
    const sent = tally.kindsSent.get(op.key)!;
    const expected = [
      ...(BODY_METHODS.has(op.method) ? BODY_KINDS : []),
      ...(op.pathParams.length || op.queryParams.length ? PARAM_KINDS : []),
      ...(op.queryParams.length ? QUERY_ONLY_KINDS : []),
    ];
    expect(
      expected.filter((kind) => !sent.has(kind)),
      op.key,
    ).toEqual([]);
    if (expected.length) expect([...tally.rolesSent.get(op.key)!].sort(), op.key).toEqual([...ROLES].sort());
  }
}

function expectClean(tally: Tally) {
  expect(tally.failures.slice(0, 40)).toEqual([]);
  expect(tally.serverErrors).toBe(0);
}

describe('fuzzing every operation of the OpenAPI document', () => {
  let t: TestApp;
  let fx: Fixture;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp();
    doc = await openDocument(t);
    fx = await createFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers no bad request with a 5xx, and every 4xx with { error, code }', async () => {
    const operations = operationsOf(doc);
    expect(operations.some((op) => op.path.startsWith('/api/auth/'))).toBe(true);
    expect(operations.some((op) => op.path.startsWith('/dev/'))).toBe(true);
    expect(BODY_KINDS.length).toBeGreaterThanOrEqual(25);
    const tally = await fuzzAll('demo', fx, doc, operations);
    expectEveryKindAndRole(operations, tally);
    expectClean(tally);
  }, 300_000);
});

describe('fuzzing the payment operations with PAYMENTS=stripe', () => {
  let t: TestApp;
  let fx: Fixture;
  let doc: OpenApiDocument;
  let stripe: FakeStripe;
  const sdk = new Stripe('sk_test_fuzz');

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fuzz',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    });
    doc = await openDocument(t);
    fx = await createFixture(t);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  /**
   * Signed, so they get past the signature: every bad body as the raw payload, and as (or inside)
   * a checkout event's `data.object`.
   */
  function signedProbes(example: unknown): BodyProbe[] {
    const session = {
      id: `cs_test_${randomUUID()}`,
      object: 'checkout.session',
      payment_status: 'paid',
      status: 'complete',
      client_reference_id: randomUUID(),
      metadata: { tier: 'Relax+' },
      amount_total: 1900,
      currency: 'eur',
      created: 1_700_000_000,
    };
    const sign = (payload: string) =>
      sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return [...wholeBodyProbes(example), ...fieldProbes({ paths: {} }, undefined, session)].flatMap(
      (probe) => {
        const raw = typeof probe.body === 'string' ? probe.body : Buffer.from(probe.body).toString('latin1');
        let object: unknown = raw;
        try {
          object = JSON.parse(raw);
        } catch {}
        let event: { payload: string; signature: string };
        try {
          event = stripe.signedEvent('checkout.session.completed', object, { secret: WEBHOOK_SECRET });
        } catch {
          // Too deep for JSON.stringify: the raw payload is signed as it is.
          event = { payload: raw, signature: sign(raw) };
        }
        return [
          { ...probe, detail: `signed ${probe.detail ?? ''}`, headers: { 'stripe-signature': sign(raw) } },
          {
            ...probe,
            detail: `signed event ${probe.detail ?? ''}`,
            headers: { 'stripe-signature': event.signature },
            body: event.payload,
            contentType: 'application/json',
          },
        ];
      },
    );
  }

  it('answers no bad request with a 5xx, signed Stripe events included', async () => {
    const operations = operationsOf(doc).filter((op) => op.tags.includes('payments'));
    expect(operations.some((op) => op.path === '/api/webhooks/stripe')).toBe(true);
    const tally = await fuzzAll('stripe', fx, doc, operations, (op) =>
      op.path.includes('/webhooks/stripe') ? signedProbes : undefined,
    );
    expectEveryKindAndRole(operations, tally);
    expectClean(tally);
  }, 300_000);
});
