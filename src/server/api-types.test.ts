import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_SCHEMA_FILE, apiDocument, apiTypes } from '../../scripts/api-types';

/**
 * The web calls the API through types generated from the OpenAPI document (decision 023). They
 * must be the document's of today: a route changed without `npm run api:types` fails here.
 */
describe("the web's API types", () => {
  it('are generated from the current routes (run `npm run api:types` and commit the file)', async () => {
    const committed = readFileSync(API_SCHEMA_FILE, 'utf8');
    expect(committed, 'src/web/lib/api-schema.ts is stale: run `npm run api:types`').toBe(await apiTypes());
  });

  it('type every JSON answer: no route answers JSON without a schema (which the web would see as unknown)', async () => {
    const { paths = {} } = await apiDocument();
    const untyped: string[] = [];
    let answers = 0;
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item ?? {})) {
        const responses = (
          operation as { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }
        ).responses;
        for (const [status, response] of Object.entries(responses ?? {})) {
          const json = response.content?.['application/json'];
          if (!status.startsWith('2') || !json) continue;
          answers++;
          if (!json.schema || Object.keys(json.schema).length === 0)
            untyped.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(answers).toBeGreaterThan(80);
    expect(untyped).toEqual([]);
  });
});
