// Uploaded files (profile pictures, later article covers) behind a small interface, so that a
// deployment with several servers can put them on shared storage. The default is a folder under
// DATA_DIR. Names are always made by the server.
import fs from 'node:fs/promises';
import path from 'node:path';

export interface FileStore {
  put(name: string, content: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is no such file. */
  get(name: string): Promise<Buffer | undefined>;
  remove(name: string): Promise<void>;
}

const safeName = /^[a-z0-9][a-z0-9._-]{0,127}$/i;

function assertSafe(name: string): void {
  // Names come from the server, but a route passes a requested name to `get`: never let one
  // climb out of the folder.
  if (!safeName.test(name) || name.includes('..')) throw new Error(`unsafe file name: ${name}`);
}

export function folderFileStore(folder: string): FileStore {
  return {
    async put(name, content) {
      assertSafe(name);
      await fs.mkdir(folder, { recursive: true });
      const temporary = path.join(folder, `.${name}.${process.pid}.tmp`);
      await fs.writeFile(temporary, content, { mode: 0o640 });
      await fs.rename(temporary, path.join(folder, name));
    },
    async get(name) {
      if (!safeName.test(name) || name.includes('..')) return undefined;
      try {
        return await fs.readFile(path.join(folder, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(name) {
      assertSafe(name);
      await fs.rm(path.join(folder, name), { force: true });
    },
  };
}
