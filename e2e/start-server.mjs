// The journeys' server: staff accounts, and USER accounts from before registration asked for a
// mailed link, are made first with the operators' task (the embedded
// database belongs to one process at a time), then the built server starts on that database.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLinkedinStandIn } from './fixtures/linkedin-stand-in.mjs';
import { doctorsApp, earlierAccounts, staff } from './fixtures/staff.mjs';

const dist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'apps',
  'server',
  'dist',
);

for (const person of [...staff, ...Object.values(earlierAccounts)]) {
  const made = spawnSync(
    process.execPath,
    [
      path.join(dist, 'cli.js'),
      'user:create',
      '--email',
      person.email,
      '--role',
      person.role,
      '--password-stdin',
    ],
    { input: person.password, stdio: ['pipe', 'inherit', 'inherit'] },
  );
  if (made.status !== 0) process.exit(made.status ?? 1);
}

// LinkedIn, played by a local OpenID provider, with its client given to the server as an
// operator would configure the real one.
const linkedin = await startLinkedinStandIn({
  port: Number(process.env.E2E_OIDC_PORT ?? Number(process.env.PORT) + 1),
  redirectUri: `${process.env.PUBLIC_URL}/account/social/linkedin`,
});

const server = spawn(process.execPath, [path.join(dist, 'main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    LINKEDIN_ISSUER: linkedin.issuer,
    LINKEDIN_CLIENT_ID: linkedin.clientId,
    LINKEDIN_CLIENT_SECRET: linkedin.clientSecret,
    OAUTH_CLIENTS: `${doctorsApp.id}:${doctorsApp.secret}`,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  linkedin.close();
  process.exit(code ?? 0);
});
