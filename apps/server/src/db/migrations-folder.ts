import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The committed migrations live in apps/server/src/db/migrations. The server runs both from source
 * (tests, `npm run dev`) and bundled into apps/server/dist, so the folder is found from the
 * package's root rather than from this file.
 */
function serverPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@vitalia/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/server/package.json not found above the server code');
    dir = parent;
  }
}

export const serverRoot = serverPackageRoot();
export const migrationsFolder = path.join(serverRoot, 'src', 'db', 'migrations');
