import { loadConfig } from '../env';
import { openDatabase } from './client';
import { lockDirectory } from './lock';

const env = loadConfig();
const lock = env.DATABASE_URL ? null : lockDirectory(env.PGLITE_DIR);
const database = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: env.PGLITE_DIR },
);
await database.migrate();
await database.close();
lock?.release();
console.info(`Migraties uitgevoerd (${database.kind}).`);
