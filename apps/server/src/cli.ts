// Command-line tasks run by operators: `node dist/cli.js user:create --email ... --role DOC`.
// They read the same configuration as the server and open the same database.
import path from 'node:path';
import readline from 'node:readline';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { EmbeddedDatabaseBusy, lockEmbeddedDatabase } from './db/embedded-lock.ts';
import { runUserCommand, usage, UsageError } from './features/identity/staff-accounts.ts';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  // One trailing newline is how `echo` and files end; it is not part of the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function prompt(question: string): Promise<string> {
  return new Promise((resolve) => {
    const output = process.stdout;
    const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
    // Echo nothing of what is typed.
    (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
      if (text.startsWith(question)) output.write(question);
    };
    rl.question(question, (answer) => {
      rl.close();
      output.write('\n');
      resolve(answer);
    });
  });
}

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readAll(process.stdin);
  if (!process.stdin.isTTY) {
    throw new UsageError(
      'No terminal to ask for the password: pass it on standard input with --password-stdin.',
    );
  }
  const first = await prompt('Password: ');
  const second = await prompt('Password again: ');
  if (first !== second) throw new UsageError('The two passwords differ.');
  return first;
}

async function main(): Promise<void> {
  const [task, ...args] = process.argv.slice(2);
  const command = { 'user:create': 'create', 'user:password': 'password' }[task ?? ''];
  if (!command) throw new UsageError(usage);
  const config = loadConfig(process.env);
  if (!config.databaseUrl) lockEmbeddedDatabase(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    embeddedDir: path.join(config.dataDir, 'db'),
  });
  try {
    await database.migrate();
    await runUserCommand(command, args, database.db, {
      readPassword,
      print: (line) => console.log(line),
    });
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof EmbeddedDatabaseBusy
  ) {
    console.error(error.message);
  } else if (
    error instanceof TypeError &&
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ) {
    console.error(`${error.message}\n\n${usage}`);
  } else {
    console.error('The task failed:', error);
  }
  process.exit(1);
});
