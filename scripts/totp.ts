/**
 * The code an authenticator app shows now, for a base32 key (default: the demo key of a local
 * install, decision 018). `npm run totp` or `npm run totp -- <key>`.
 */
import { DEMO_TOTP_KEY, totpCode } from '../src/server/auth/two-factor';

const key = process.argv[2] ?? DEMO_TOTP_KEY;
const now = Date.now();
const secondsLeft = 30 - (Math.floor(now / 1000) % 30);
console.info(`${totpCode(key, now)}  (nog ${secondsLeft} s geldig)`);
