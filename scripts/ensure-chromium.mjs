// The browser journeys drive Debian's Chromium (downloading a browser from elsewhere is not
// possible on our machines). Installs it when missing and this process may (root).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(chromiumPath)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${chromiumPath}. Install it with: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser journeys...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) {
    // The package lists may be missing on a fresh machine.
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env,
    });
  }
  if (result.status !== 0 || !fs.existsSync(chromiumPath)) {
    console.error('Installing chromium failed; see the apt-get output above.');
    process.exit(1);
  }
}
