import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { adminQuery, testServerUrl } from './fresh-pg';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped PGlite data directory with every migration applied (PGlite runs). */
    pgliteTemplatePath: string | undefined;
    /** A migrated database on the test server that each file's database is copied from (PostgreSQL runs). */
    pgTemplateName: string | undefined;
  }
}

/**
 * Migrates once per run, then every test file starts from a copy of that database instead of
 * migrating its own: on PostgreSQL a template database (`CREATE DATABASE … TEMPLATE`), on PGlite
 * a dumped data directory that each file loads into a fresh in-memory instance.
 */
export default async function setup(project: TestProject) {
  if (process.env.KOPPEL_TEST_DB === 'pg') {
    const name = `koppel_template_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(testServerUrl());
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    await database.migrate();
    await database.close();
    project.provide('pgTemplateName', name);
    project.provide('pgliteTemplatePath', undefined);
    return async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'koppel-template-'));
  const path = join(dir, 'pglite.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  project.provide('pgTemplateName', undefined);
  return () => rmSync(dir, { recursive: true, force: true });
}
