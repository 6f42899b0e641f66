// PGlite is one process's database: two processes writing one data folder would corrupt it. The
// server and the command-line tasks take this lock before opening the embedded database.
import fs from 'node:fs';
import path from 'node:path';

export class EmbeddedDatabaseBusy extends Error {
  constructor(readonly pid: number) {
    super(
      `The embedded database is in use by another Vitalia process (pid ${pid}). Stop it first, or use PostgreSQL (DATABASE_URL) to run several processes.`,
    );
    this.name = 'EmbeddedDatabaseBusy';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock for this process and answers a function that gives it back. */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => fs.rmSync(file, { force: true });
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new EmbeddedDatabaseBusy(holder);
      }
      // Left behind by a process that has ended: take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
