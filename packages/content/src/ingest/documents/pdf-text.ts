// PDF text, read in a worker thread with its own heap limit and a wall-clock
// timeout: a hostile PDF can exhaust or hang only the worker, which is terminated,
// never the process. The pieces it returns are laid out into structure by pdf-layout.ts.
import { Worker } from 'node:worker_threads';
import { PermanentError } from '@castwright/core/errors';
import type { Block } from '../../text/structured-text.ts';
import { pdfBlocks } from './pdf-layout.ts';
import type { PdfWorkerOutput } from './pdf-text-worker.ts';

export const PDF_LIMITS = {
  maxOldGenerationSizeMb: 256,
  timeoutMs: 20_000,
  maxTextCharacters: 1_000_000,
};

export async function extractPdfText(bytes: Uint8Array, limits: Partial<typeof PDF_LIMITS> = {}): Promise<Block[]> {
  const { maxOldGenerationSizeMb, timeoutMs, maxTextCharacters } = { ...PDF_LIMITS, ...limits };
  const worker = new Worker(new URL('./pdf-text-worker.ts', import.meta.url), {
    workerData: { data: bytes, maxCharacters: maxTextCharacters },
    resourceLimits: { maxOldGenerationSizeMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  });
  // pdfjs warns on stdout/stderr about broken files; the worker's output is not ours to print.
  worker.stdout.resume();
  worker.stderr.resume();
  const output = await new Promise<PdfWorkerOutput>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new PermanentError(`The PDF took too long to read (over ${Math.round(timeoutMs / 1000)} s)`));
    }, timeoutMs);
    worker.once('message', (message: PdfWorkerOutput) => {
      clearTimeout(timer);
      resolve(message);
    });
    worker.once('error', (error: Error & { code?: string }) => {
      clearTimeout(timer);
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new PermanentError('The PDF needs too much memory to read')
          : new PermanentError('The PDF could not be read'),
      );
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new PermanentError('The PDF could not be read'));
    });
  }).finally(() => void worker.terminate());
  if (!output.ok) {
    throw new PermanentError(output.reason === 'password' ? 'The PDF is password-protected' : 'The PDF could not be read');
  }
  return pdfBlocks(output.pages, output.info);
}
