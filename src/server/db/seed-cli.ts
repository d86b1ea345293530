import { createStorage } from '../context';
import { loadConfig } from '../env';
import { openDatabase } from './client';
import { lockDirectory } from './lock';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './seed';

const env = loadConfig();
const lock = env.DATABASE_URL ? null : lockDirectory(env.PGLITE_DIR);
const database = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: env.PGLITE_DIR },
);
await database.migrate();
// Issue 26: as of DEV_NOW when a local install sets it (start the server with it too).
const now = env.DEV_NOW && env.isLocal ? new Date(env.DEV_NOW) : new Date();
const { seeded } = await seedDemo(database.db, now, { files: createStorage(env), seller: env.seller });
await database.close();
lock?.release();
console.info(seeded ? 'Demogegevens aangemaakt.' : 'Demogegevens waren al aanwezig: niets gewijzigd.');
console.info(`Demo-logins (wachtwoord ${DEMO_PASSWORD}): ${DEMO_LOGINS.map((l) => l.email).join(', ')}`);
