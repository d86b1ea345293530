// The end-to-end tests use Debian's Chromium (never a downloaded browser). When it is missing and
// we may install packages, install it; otherwise say how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(`Chromium ontbreekt (${path}). Installeer het met: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.info('Chromium ontbreekt: installeren met apt-get...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}
