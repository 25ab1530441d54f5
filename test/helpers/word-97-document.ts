// A Word 97-2003 binary document (.doc), built in memory for tests by the rules of
// [MS-DOC]: an OLE2 compound file (written by the `cfb` package) holding
//  - WordDocument: the FIB at offset 0, the text from 0x400, then the formatting pages
//    (one ChpxFkp and as many PapxFkps as the paragraphs need, 512 bytes each);
//  - 1Table: the Clx (the piece table that maps character positions to the text) and
//    the two bin tables (PlcBteChpx, PlcBtePapx) that index the formatting pages.
// That is everything [MS-DOC] 2.4.1 "Retrieving Text" and the formatting look-ups read.
// Word would also want a style sheet, font table, section table and document
// properties (Dop) before it opens a file; no text extractor reads those, so they are
// left out rather than faked. (cfb also writes its own 4-byte marker stream,
// "\u0001Sh33tJ5", which compound-file readers pass over like any unknown stream.)
import CFB from 'cfb';

export interface WordDocumentOptions {
  /**
   * How pieces hold their text. 'auto' (the default), as Word saves: runs of characters
   * that the 8-bit "compressed" encoding can hold are stored one byte each, other runs
   * (Greek, €, emoji...) as UTF-16LE, so mixed text gives several pieces.
   * 'utf-16': every character as UTF-16LE, in one piece.
   */
  encoding?: 'auto' | 'utf-16';
  /**
   * Store the pieces in the stream in reverse order, as fast (incremental) saves leave
   * text out of order: only the piece table gives the reading order.
   */
  reverseStorage?: boolean;
  /** 'piece-past-end': the last piece's text offset points past the end of WordDocument. */
  damage?: 'piece-past-end';
}

/**
 * A .doc whose main document is `text`. Paragraphs end with '\r', Word's paragraph
 * mark, and the text must end with one (the main document always does).
 */
export function wordDocument(text: string, options: WordDocumentOptions = {}): Buffer {
  if (!text.endsWith('\r')) throw new Error('A Word main document ends with a paragraph mark (\\r)');
  if (text.includes('\n')) throw new Error('Word paragraphs end with \\r, not \\n');
  const { wordDocument: stream, table } = wordDocumentStreams(text, options);
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'WordDocument', stream);
  CFB.utils.cfb_add(container, '1Table', table);
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

interface StoredPiece {
  text: string;
  compressed: boolean;
  bytes: Buffer;
  /** Byte offset of the text in WordDocument. */
  fc: number;
}

/** The FIB of nFib 0x00C1 (Word 97): FibBase, FibRgW97, FibRgLw97, FibRgFcLcb97, no FibRgCswNew. */
const FIB_SIZE = 32 + 2 + 28 + 2 + 88 + 2 + 93 * 8 + 2;
/** Word 97 starts the text on the first 512-byte boundary after the FIB. */
const TEXT_START = 0x400;
/** Formatted disk pages (FKPs) are 512 bytes and addressed by page number. */
const PAGE = 512;
/** Indexes into FibRgFcLcb97 (pairs of fc, lcb) of the structures written here. */
const FC_LCB = { plcfBteChpx: 12, plcfBtePapx: 13, clx: 33 } as const;
/** A PapxFkp holds at most 0x1D paragraph runs. */
const MAX_PAPX_RUNS = 0x1d;

function wordDocumentStreams(text: string, options: WordDocumentOptions): { wordDocument: Buffer; table: Buffer } {
  const pieces = splitIntoPieces(text, options.encoding ?? 'auto');
  let fc = TEXT_START;
  for (const piece of options.reverseStorage ? [...pieces].reverse() : pieces) {
    piece.fc = fc;
    fc += piece.bytes.length;
  }
  const textEnd = fc;
  const chpxPage = Math.ceil(textEnd / PAGE);
  const papxPages = paragraphRuns(pieces, TEXT_START, textEnd).map((fcs, index) => ({ page: chpxPage + 1 + index, fcs }));
  const streamLength = (chpxPage + 1 + papxPages.length) * PAGE;

  const stream = Buffer.alloc(streamLength);
  for (const piece of pieces) piece.bytes.copy(stream, piece.fc);
  chpxFkp([TEXT_START, textEnd]).copy(stream, chpxPage * PAGE);
  for (const { page, fcs } of papxPages) papxFkp(fcs).copy(stream, page * PAGE);

  if (options.damage === 'piece-past-end') {
    const last = pieces.at(-1);
    if (last) last.fc = streamLength + PAGE;
  }
  const clx = pieceTable(pieces);
  const plcBteChpx = binTable([TEXT_START, textEnd], [chpxPage]);
  const papxBounds = [...papxPages.map(({ fcs }) => fcs[0] ?? 0), papxPages.at(-1)?.fcs.at(-1) ?? 0];
  const plcBtePapx = binTable(papxBounds, papxPages.map(({ page }) => page));
  const table = Buffer.concat([clx, plcBteChpx, plcBtePapx]);

  fib({
    stream,
    ccpText: text.length,
    textStart: TEXT_START,
    textEnd,
    fastSaved: options.reverseStorage === true,
    fcLcb: [
      [FC_LCB.clx, 0, clx.length],
      [FC_LCB.plcfBteChpx, clx.length, plcBteChpx.length],
      [FC_LCB.plcfBtePapx, clx.length + plcBteChpx.length, plcBtePapx.length],
    ],
  });
  return { wordDocument: stream, table };
}

// [MS-DOC] FcCompressed: compressed text is one byte per character, each byte
// its own code point except these, which stand for Windows-1252 punctuation and letters.
const COMPRESSED_BYTES = new Map<number, number>(
  (
    [
      [0x82, 0x201a], [0x83, 0x0192], [0x84, 0x201e], [0x85, 0x2026], [0x86, 0x2020], [0x87, 0x2021],
      [0x88, 0x02c6], [0x89, 0x2030], [0x8a, 0x0160], [0x8b, 0x2039], [0x8c, 0x0152], [0x91, 0x2018],
      [0x92, 0x2019], [0x93, 0x201c], [0x94, 0x201d], [0x95, 0x2022], [0x96, 0x2013], [0x97, 0x2014],
      [0x98, 0x02dc], [0x99, 0x2122], [0x9a, 0x0161], [0x9b, 0x203a], [0x9c, 0x0153], [0x9f, 0x0178],
    ] as const
  ).map(([byte, code]) => [code, byte]),
);

/** The byte of a character in compressed text, or undefined when only UTF-16 can hold it. */
function compressedByte(code: number): number | undefined {
  // 0x80-0x9F are C1 controls where they are not the remapped characters: never text.
  if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
  return COMPRESSED_BYTES.get(code);
}

function splitIntoPieces(text: string, encoding: 'auto' | 'utf-16'): StoredPiece[] {
  const runs: { text: string; compressed: boolean }[] = [];
  for (const character of text.split('')) {
    const compressed = encoding === 'auto' && compressedByte(character.charCodeAt(0)) !== undefined;
    const last = runs.at(-1);
    if (last && last.compressed === compressed) last.text += character;
    else runs.push({ text: character, compressed });
  }
  return runs.map(({ text: run, compressed }) => ({
    text: run,
    compressed,
    bytes: compressed ? Buffer.from(run.split('').map((c) => compressedByte(c.charCodeAt(0)) as number)) : Buffer.from(run, 'utf16le'),
    fc: 0,
  }));
}

/**
 * The FCs bounding paragraph runs, grouped a PapxFkp at a time: the text's first byte,
 * the byte after each paragraph mark, and the text's end, so the run that holds a
 * paragraph mark's FC ends right after it (what [MS-DOC] 2.4.6.1 looks up).
 */
function paragraphRuns(pieces: StoredPiece[], textStart: number, textEnd: number): number[][] {
  const bounds = new Set<number>([textStart, textEnd]);
  for (const piece of pieces) {
    const width = piece.compressed ? 1 : 2;
    for (let index = piece.text.indexOf('\r'); index !== -1; index = piece.text.indexOf('\r', index + 1)) {
      bounds.add(piece.fc + (index + 1) * width);
    }
  }
  const sorted = [...bounds].sort((a, b) => a - b);
  const pages: number[][] = [];
  for (let start = 0; start < sorted.length - 1; start += MAX_PAPX_RUNS) pages.push(sorted.slice(start, start + MAX_PAPX_RUNS + 1));
  return pages;
}

/** [MS-DOC] ChpxFkp: one run per pair of FCs, all with default character properties (rgb 0). */
function chpxFkp(fcs: number[]): Buffer {
  const page = Buffer.alloc(PAGE);
  fcs.forEach((fc, index) => page.writeUInt32LE(fc, index * 4));
  page.writeUInt8(fcs.length - 1, PAGE - 1);
  return page;
}

/**
 * [MS-DOC] PapxFkp: every run in the Normal style (istd 0) with no direct
 * formatting. The runs share one PapxInFkp near the end of the page, as Word writes
 * them from the end backwards: cb 0, then cb' 1 (a 2-byte GrpPrlAndIstd: the istd).
 */
function papxFkp(fcs: number[]): Buffer {
  const page = Buffer.alloc(PAGE);
  const crun = fcs.length - 1;
  const papxOffset = 0x1f8;
  fcs.forEach((fc, index) => page.writeUInt32LE(fc, index * 4));
  // BxPap: bOffset (the PapxInFkp's offset / 2), then 12 reserved bytes of zero.
  for (let run = 0; run < crun; run++) page.writeUInt8(papxOffset / 2, (crun + 1) * 4 + run * 13);
  page.writeUInt8(0, papxOffset);
  page.writeUInt8(1, papxOffset + 1);
  page.writeUInt16LE(0, papxOffset + 2);
  page.writeUInt8(crun, PAGE - 1);
  return page;
}

/** A PLC of FCs and 4-byte page numbers: PlcBteChpx / PlcBtePapx. */
function binTable(fcs: number[], pages: number[]): Buffer {
  const plc = Buffer.alloc(fcs.length * 4 + pages.length * 4);
  fcs.forEach((fc, index) => plc.writeUInt32LE(fc, index * 4));
  pages.forEach((page, index) => plc.writeUInt32LE(page, fcs.length * 4 + index * 4));
  return plc;
}

/**
 * [MS-DOC] Clx holding only a Pcdt (clxt 0x02, lcb, PlcPcd): CPs 0..ccpText and
 * one Pcd per piece, whose fc is the byte offset of UTF-16 text, or twice the offset
 * with fCompressed (0x40000000) set for 8-bit text.
 */
function pieceTable(pieces: StoredPiece[]): Buffer {
  const plcPcd = Buffer.alloc((pieces.length + 1) * 4 + pieces.length * 8);
  let cp = 0;
  pieces.forEach((piece, index) => {
    plcPcd.writeUInt32LE(cp, index * 4);
    cp += piece.text.length;
    const pcd = (pieces.length + 1) * 4 + index * 8;
    // Pcd: 2 bytes of flags (fNoParaLast etc., all 0), the FcCompressed, a Prm of 0 (no property changes).
    plcPcd.writeUInt32LE(piece.compressed ? ((piece.fc * 2) | 0x40000000) >>> 0 : piece.fc, pcd + 2);
  });
  plcPcd.writeUInt32LE(cp, pieces.length * 4);
  const header = Buffer.alloc(5);
  header.writeUInt8(0x02, 0);
  header.writeUInt32LE(plcPcd.length, 1);
  return Buffer.concat([header, plcPcd]);
}

interface FibFields {
  stream: Buffer;
  ccpText: number;
  textStart: number;
  textEnd: number;
  fastSaved: boolean;
  /** [index into FibRgFcLcb97, fc, lcb] */
  fcLcb: [number, number, number][];
}

/** [MS-DOC] 2.5.1 Fib, written over the first FIB_SIZE bytes of the stream (all else zero). */
function fib({ stream, ccpText, textStart, textEnd, fastSaved, fcLcb }: FibFields): void {
  // FibBase
  stream.writeUInt16LE(0xa5ec, 0x00); // wIdent: a Word binary file
  stream.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  stream.writeUInt16LE(0x0409, 0x06); // lid: English (United States)
  const fComplex = fastSaved ? 0x0004 : 0;
  const cQuickSaves = fastSaved ? 1 << 4 : 0;
  const fWhichTblStm = 0x0200; // the table stream is 1Table
  const fExtChar = 0x1000; // MUST be 1
  stream.writeUInt16LE(fComplex | cQuickSaves | fWhichTblStm | fExtChar, 0x0a);
  stream.writeUInt16LE(0x00bf, 0x0c); // nFibBack
  // reserved5/6 (once fcMin/fcMac): undefined, but Word 97 still writes the text's bounds.
  stream.writeUInt32LE(textStart, 0x18);
  stream.writeUInt32LE(textEnd, 0x1c);
  stream.writeUInt16LE(0x000e, 0x20); // csw: FibRgW97 is 14 16-bit values (all reserved or unused here)
  stream.writeUInt16LE(0x0016, 0x3e); // cslw: FibRgLw97 is 22 32-bit values
  // FibRgLw97
  stream.writeUInt32LE(stream.length, 0x40); // cbMac: every byte of the stream means something
  stream.writeUInt32LE(ccpText, 0x4c); // ccpText; footnotes, headers, comments... all 0
  stream.writeUInt16LE(0x005d, 0x98); // cbRgFcLcb: FibRgFcLcb97 is 93 fc/lcb pairs
  for (const [index, fc, lcb] of fcLcb) {
    stream.writeUInt32LE(fc, 0x9a + index * 8);
    stream.writeUInt32LE(lcb, 0x9a + index * 8 + 4);
  }
  stream.writeUInt16LE(0, FIB_SIZE - 2); // cswNew: no FibRgCswNew for nFib 0x00C1
}
