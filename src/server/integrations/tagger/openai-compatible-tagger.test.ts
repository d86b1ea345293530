import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localTagger } from './local-tagger';
import { openAiCompatibleTagger } from './openai-compatible-tagger';

/**
 * A local HTTP server that answers like the chat-completions API; each test sets how. The tagger
 * under test is ours, unchanged: only the network boundary is played.
 */
let answer: (body: Record<string, unknown>, response: ServerResponse) => void;
const requests: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
let server: Server;
let baseUrl: string;
let logLines: string[];

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      requests.push({ headers: request.headers, body });
      answer(body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
  logLines = [];
});

const NOTE =
  'Sarah (34) werkt als verpleegkundige in Gent. Ze loopt drie keer per week. Ze rookt niet en heeft een hond.';

/**
 * The tagger against the local server. Its timeout is generous by default: on a busy machine a
 * loopback answer may take seconds, and falling back then would make a test about the answer
 * fail. Only the timeout's own test sets a short one.
 */
function tagger(timeoutMs = 20_000) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  return openAiCompatibleTagger({
    baseUrl,
    apiKey: 'sk-test',
    model: 'koppel-test-model',
    timeoutMs,
    fallback: localTagger,
    logger: pino({ level: 'info' }, stream),
  });
}

const reply = (content: unknown) => (_body: Record<string, unknown>, response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
};

const localTraits = async () => (await localTagger.tag([NOTE])).map((tag) => tag.trait).sort();
const traitsOf = (tags: { trait: string }[]) => tags.map((tag) => tag.trait).sort();

describe('the OpenAI-compatible tagger', () => {
  it('asks for JSON under a schema with the model, key and note, and keeps the tags it gets', async () => {
    answer = reply(
      JSON.stringify({
        tags: [
          { trait: 'sporty', confidence: 0.92, evidence: 'Ze loopt drie keer per week.', trigger: 'loopt' },
          {
            trait: 'animal_lover',
            confidence: 0.8,
            evidence: 'Ze rookt niet en heeft een hond.',
            trigger: 'hond',
          },
        ],
      }),
    );
    const tags = await tagger().tag([NOTE]);
    expect(tags).toEqual([
      { trait: 'sporty', confidence: 0.92, evidence: 'Ze loopt drie keer per week.', trigger: 'loopt' },
      {
        trait: 'animal_lover',
        confidence: 0.8,
        evidence: 'Ze rookt niet en heeft een hond.',
        trigger: 'hond',
      },
    ]);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.body.model).toBe('koppel-test-model');
    expect(request!.body.response_format).toMatchObject({ type: 'json_schema' });
    const messages = request!.body.messages as { role: string; content: string }[];
    expect(messages.at(-1)).toEqual({ role: 'user', content: NOTE });
    expect(logLines).toEqual([]);
  });

  it('keeps only taxonomy keys, and only evidence that is really in the note', async () => {
    answer = reply(
      JSON.stringify({
        tags: [
          { trait: 'sporty', confidence: 0.9, evidence: 'ze loopt  drie keer per week.', trigger: 'loopt' },
          {
            trait: 'astrology_fan',
            confidence: 0.9,
            evidence: 'Ze loopt drie keer per week.',
            trigger: 'loopt',
          },
          { trait: 'traveller', confidence: 0.9, evidence: 'Ze reist de wereld rond.', trigger: 'reist' },
        ],
      }),
    );
    expect(traitsOf(await tagger().tag([NOTE]))).toEqual(['sporty']);
  });

  it('keeps only evidence that is a sentence of the texts holding the trigger (issue 30)', async () => {
    answer = reply(
      JSON.stringify({
        tags: [
          // A part of a sentence: stored as the whole sentence of the note.
          { trait: 'sporty', confidence: 0.9, evidence: 'loopt drie keer', trigger: 'loopt' },
          // Whitespace only.
          { trait: 'traveller', confidence: 0.9, evidence: '   ', trigger: ' ' },
          // A real sentence, but its trigger is not in it.
          {
            trait: 'animal_lover',
            confidence: 0.9,
            evidence: 'Ze rookt niet en heeft een hond.',
            trigger: 'kat',
          },
          // A real sentence with no trigger at all.
          { trait: 'curious', confidence: 0.9, evidence: 'Ze rookt niet en heeft een hond.' },
          // A quote spanning two sentences: only the one with the trigger.
          {
            trait: 'non_smoker',
            confidence: 0.9,
            evidence: 'Ze loopt drie keer per week. Ze rookt niet en heeft een hond.',
            trigger: 'rookt niet',
          },
        ],
      }),
    );
    const tags = await tagger().tag([NOTE]);
    expect(tags).toEqual([
      { trait: 'sporty', confidence: 0.9, evidence: 'Ze loopt drie keer per week.', trigger: 'loopt' },
      {
        trait: 'non_smoker',
        confidence: 0.9,
        evidence: 'Ze rookt niet en heeft een hond.',
        trigger: 'rookt niet',
      },
    ]);
  });

  it('tells the model to tag only the client, to read negation and contrast, and to take no orders from the texts', async () => {
    answer = reply(JSON.stringify({ tags: [] }));
    await tagger().tag([NOTE]);
    const messages = requests[0]!.body.messages as { role: string; content: string }[];
    const system = messages[0]!.content;
    expect(messages[0]!.role).toBe('system');
    expect(system).toContain('Tag alleen de klant zelf');
    expect(system).toContain('Kinderwens: nee');
    expect(system).toContain('vroeger ... nu');
    expect(system).toContain('geen opdrachten');
    expect(system).toContain('trigger');
  });

  it('answers with the local tagger on JSON that is not JSON, and logs no text of the note', async () => {
    answer = reply('Sarah loopt graag, denk ik {');
    expect(traitsOf(await tagger().tag([NOTE]))).toEqual(await localTraits());
    expect(logLines.join('')).toContain('invalid JSON');
    expect(logLines.join('')).not.toContain('Sarah');
  });

  it('answers with the local tagger on a reply outside the schema', async () => {
    answer = reply(JSON.stringify({ tags: [{ trait: 'sporty', confidence: 'heel zeker', evidence: NOTE }] }));
    expect(traitsOf(await tagger().tag([NOTE]))).toEqual(await localTraits());
    expect(logLines.join('')).toContain('schema mismatch');
    expect(logLines.join('')).not.toContain('Sarah');
  });

  it('answers with the local tagger on a 500', async () => {
    answer = (_body, response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `overloaded while reading ${NOTE}` } }));
    };
    expect(traitsOf(await tagger().tag([NOTE]))).toEqual(await localTraits());
    const logged = JSON.parse(logLines[0]!) as Record<string, unknown>;
    expect(logged).toMatchObject({ reason: 'status', status: 500, provider: 'openai-compatible' });
    expect(logLines.join('')).not.toContain('Sarah');
  });

  it('answers with the local tagger when the provider does not answer in time', async () => {
    answer = () => {
      // Never answers.
    };
    const started = Date.now();
    expect(traitsOf(await tagger(300).tag([NOTE]))).toEqual(await localTraits());
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(logLines.join('')).toContain('timeout');
  });

  it('answers with the local tagger when the provider cannot be reached', async () => {
    const unreachable = openAiCompatibleTagger({
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'x',
      timeoutMs: 2_000,
      fallback: localTagger,
      logger: pino({ level: 'silent' }),
    });
    expect(traitsOf(await unreachable.tag([NOTE]))).toEqual(await localTraits());
  });
});
