// Decides whether the built server and web app are older than their sources, so `npm start`
// builds only when something changed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const targets = [
  {
    name: 'web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/api/src',
      'packages/health/src',
    ],
  },
  {
    name: 'server',
    output: 'apps/server/dist/main.js',
    sources: [
      'apps/server/src',
      'apps/server/build.mjs',
      'packages/api/src',
      'packages/health/src',
    ],
  },
];

function newestModification(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) {
    newest = Math.max(newest, newestModification(path.join(entry, child)));
  }
  return newest;
}

/** Names of the parts whose build is missing or older than a source file. */
export function staleParts() {
  return targets
    .filter(({ output, sources }) => {
      const built = path.join(root, output);
      if (!fs.existsSync(built)) return true;
      const builtAt = fs.statSync(built).mtimeMs;
      return sources.some((source) => newestModification(source) > builtAt);
    })
    .map(({ name }) => name);
}

/** Builds the named parts when they are missing or stale; exits the process if a build fails. */
export function buildIfStale(parts = ['web', 'server']) {
  for (const part of staleParts().filter((name) => parts.includes(name))) {
    console.log(`Building the ${part} (missing or older than its sources)...`);
    const result = spawnSync('npm', ['run', 'build', '-w', `apps/${part}`], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
