// Runs inside a worker thread (see pdf-text.ts): parses the PDF with pdfjs and posts
// back every page's text pieces with their position and size (what pdf-layout.ts needs
// to rebuild lines, paragraphs and headings) and the document information fields that
// bear on its title, or the kind of failure.
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfPage, PdfTextPiece } from './pdf-layout.ts';
import type { PdfInfo } from './pdf-title.ts';

interface PdfWorkerInput {
  data: Uint8Array;
  maxCharacters: number;
}

export type PdfWorkerOutput = { ok: true; pages: PdfPage[]; info: PdfInfo } | { ok: false; reason: 'password' | 'unreadable' };

/** A document information field as text, when it is one (a hostile file may put anything there). */
function field(info: Record<string, unknown>, name: string): string | undefined {
  const value = info[name];
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, 500) : undefined;
}

async function readPdf({ data, maxCharacters }: PdfWorkerInput): Promise<PdfWorkerOutput> {
  const task = getDocument({ data, disableFontFace: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0 });
  try {
    const pdf = await task.promise;
    const raw = ((await pdf.getMetadata().catch(() => undefined))?.info ?? {}) as Record<string, unknown>;
    const info: PdfInfo = { title: field(raw, 'Title'), author: field(raw, 'Author'), creator: field(raw, 'Creator'), producer: field(raw, 'Producer') };
    const pages: PdfPage[] = [];
    let characters = 0;
    for (let number = 1; number <= pdf.numPages && characters < maxCharacters; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const pieces: PdfTextPiece[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
        pieces.push({ text: item.str, x, y, width: item.width, size: Math.hypot(c, d) || item.height, endOfLine: item.hasEOL });
        characters += item.str.length;
      }
      const [, bottom = 0, , top = 792] = page.view;
      page.cleanup();
      pages.push({ bottom, top, pieces });
    }
    return { ok: true, pages, info };
  } catch (error) {
    return { ok: false, reason: (error as { name?: string }).name === 'PasswordException' ? 'password' : 'unreadable' };
  } finally {
    await task.destroy();
  }
}

if (parentPort) parentPort.postMessage(await readPdf(workerData as PdfWorkerInput));
