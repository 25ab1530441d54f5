// The fonts captions are set in, found on this machine: a Latin font for every language
// (names and numbers in any script), and the one each script needs beside it: Noto Sans CJK
// for Japanese and Chinese (its JP and SC faces draw the characters as each language
// writes them), Noto Sans Devanagari for Hindi. They come from the operating system's
// packages (Debian: fonts-noto-core, fonts-noto-cjk; the images install them), looked for in
// VIDEO_FONT_DIRS. A language whose font is missing is refused with what to install,
// rather than burned in as empty boxes.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PermanentError } from '@castwright/core/errors';
import { baseLanguage, LANGUAGE_NAMES, type Language } from '@castwright/core/languages';

export interface FontChoice {
  /** The family name subtitle styles ask for. */
  family: string;
  file: string;
}

export interface CaptionFonts {
  /** The family every caption, title and chapter line is set in. */
  main: FontChoice;
  /** The Latin font beside it, for what the main font lacks (the same as `main` for Latin scripts). */
  latin: FontChoice;
  /** The script needs shaping that the bundled libass cannot do (shaped-text.ts draws it). */
  shaped: boolean;
}

interface Candidate {
  file: string;
  family: string;
}

const LATIN: Candidate[] = [
  { file: 'NotoSans-Bold.ttf', family: 'Noto Sans' },
  { file: 'NotoSans-Regular.ttf', family: 'Noto Sans' },
  { file: 'DejaVuSans-Bold.ttf', family: 'DejaVu Sans' },
  { file: 'DejaVuSans.ttf', family: 'DejaVu Sans' },
];

const SCRIPT_FONTS: Partial<Record<ReturnType<typeof baseLanguage>, { candidates: Candidate[]; debianPackage: string; shaped?: true }>> = {
  ja: {
    candidates: [{ file: 'NotoSansCJK-Bold.ttc', family: 'Noto Sans CJK JP' }, { file: 'NotoSansCJK-Regular.ttc', family: 'Noto Sans CJK JP' }],
    debianPackage: 'fonts-noto-cjk',
  },
  zh: {
    candidates: [{ file: 'NotoSansCJK-Bold.ttc', family: 'Noto Sans CJK SC' }, { file: 'NotoSansCJK-Regular.ttc', family: 'Noto Sans CJK SC' }],
    debianPackage: 'fonts-noto-cjk',
  },
  hi: {
    candidates: [{ file: 'NotoSansDevanagari-Bold.ttf', family: 'Noto Sans Devanagari' }, { file: 'NotoSansDevanagari-Regular.ttf', family: 'Noto Sans Devanagari' }],
    debianPackage: 'fonts-noto-core',
    shaped: true,
  },
};

const MAX_DEPTH = 4;

/** Font files under `dirs` by file name (the first found wins), read once per set of folders. */
const found = new Map<string, Promise<Map<string, string>>>();

async function scan(dir: string, depth: number, into: Map<string, string>): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && depth < MAX_DEPTH) await scan(full, depth + 1, into);
    else if (/\.(ttf|otf|ttc)$/i.test(entry.name) && !into.has(entry.name)) into.set(entry.name, full);
  }
}

function fontFiles(dirs: readonly string[]): Promise<Map<string, string>> {
  const key = dirs.join(':');
  let files = found.get(key);
  if (!files) {
    files = (async () => {
      const into = new Map<string, string>();
      for (const dir of dirs) await scan(dir, 0, into);
      return into;
    })();
    found.set(key, files);
  }
  return files;
}

function firstOf(candidates: readonly Candidate[], files: Map<string, string>): FontChoice | undefined {
  for (const candidate of candidates) {
    const file = files.get(candidate.file);
    if (file) return { family: candidate.family, file };
  }
  return undefined;
}

/** The fonts for captions in `language`, or a PermanentError naming what to install. */
export async function captionFonts(language: Language, dirs: readonly string[]): Promise<CaptionFonts> {
  const files = await fontFiles(dirs);
  const latin = firstOf(LATIN, files);
  const where = `in VIDEO_FONT_DIRS (${dirs.join(':') || 'none'})`;
  if (!latin) throw new PermanentError(`Video captions need a font: Noto Sans or DejaVu Sans was not found ${where}; install Debian's fonts-noto-core`);
  const script = SCRIPT_FONTS[baseLanguage(language)];
  if (!script) return { main: latin, latin, shaped: false };
  const main = firstOf(script.candidates, files);
  if (!main) {
    throw new PermanentError(`${LANGUAGE_NAMES[language]} captions need ${script.candidates[0]?.family}, which was not found ${where}; install Debian's ${script.debianPackage}`);
  }
  return { main, latin, shaped: script.shaped === true };
}
