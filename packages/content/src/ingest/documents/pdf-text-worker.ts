// Runs inside a worker thread (see pdf-text.ts): parses the PDF with pdfjs and posts
// back its text, one page per paragraph, or the kind of failure.
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface PdfWorkerInput {
  data: Uint8Array;
  maxCharacters: number;
}

export type PdfWorkerOutput = { ok: true; text: string; pages: number } | { ok: false; reason: 'password' | 'unreadable' };

async function readPdf({ data, maxCharacters }: PdfWorkerInput): Promise<PdfWorkerOutput> {
  const task = getDocument({ data, disableFontFace: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0 });
  try {
    const pdf = await task.promise;
    const pages: string[] = [];
    let characters = 0;
    for (let number = 1; number <= pdf.numPages && characters < maxCharacters; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
        else if (item.str !== '' && !item.str.endsWith(' ')) text += ' ';
      }
      page.cleanup();
      pages.push(text.trim());
      characters += text.length;
    }
    return { ok: true, text: pages.join('\n\n').slice(0, maxCharacters), pages: pdf.numPages };
  } catch (error) {
    return { ok: false, reason: (error as { name?: string }).name === 'PasswordException' ? 'password' : 'unreadable' };
  } finally {
    await task.destroy();
  }
}

if (parentPort) parentPort.postMessage(await readPdf(workerData as PdfWorkerInput));
