// The thread an import file is read on (import-pool.ts starts it): the bytes arrive, the file is
// read and every row checked (import.service.ts readImportFile), and the plan's input goes back.
// Nothing here touches the database or the request; an error is sent back as the problems an
// AppError carries, so the answer is the one the same file gets anywhere.
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../../plugins/errors.ts';
import { readImportFile, type ImportOptions } from './import.service.ts';

export interface ReadJob {
  bytes: Uint8Array;
  contentType: string | undefined;
  options: ImportOptions;
  forImport: boolean;
}

export type ReadAnswer =
  | { file: Awaited<ReturnType<typeof readImportFile>> }
  | {
      refused: {
        statusCode: number;
        code: string;
        problems: AppError['problems'];
        headers: Record<string, string>;
      };
    }
  | { failed: string };

parentPort?.on('message', async (job: ReadJob) => {
  let answer: ReadAnswer;
  try {
    const file = await readImportFile(
      Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength),
      job.contentType,
      job.options,
      job.forImport,
    );
    answer = { file };
  } catch (error) {
    answer =
      error instanceof AppError
        ? {
            refused: {
              statusCode: error.statusCode,
              code: error.code,
              problems: error.problems,
              headers: error.headers,
            },
          }
        : { failed: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
