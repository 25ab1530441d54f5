// Just enough ID3v2 (2.3 and 2.4) to add chapters to a tag: read the tag at the start
// of an MP3 into its frames, build CHAP and CTOC frames (ID3v2 Chapter Frame Addendum
// 1.0), and write the tag back. Frames we do not touch are kept byte for byte.
// Specs: id3.org/id3v2.3.0, id3.org/id3v2.4.0-structure, id3.org/id3v2-chapters-1.0.

export const ID3_HEADER_BYTES = 10;

export interface Id3Frame {
  id: string;
  /** The whole frame: header and body, as stored. */
  bytes: Buffer;
}

export interface Id3Tag {
  /** 3 or 4 (ID3v2.3 / ID3v2.4): frame sizes are plain in 2.3, synchsafe in 2.4. */
  majorVersion: 3 | 4;
  frames: Id3Frame[];
  /** Where the audio starts: the bytes the tag (and any footer) take at the start of the file. */
  tagBytes: number;
}

class Id3Error extends Error {
  override name = 'Id3Error';
}

function readSynchsafe(bytes: Buffer, offset: number): number {
  return ((bytes[offset] ?? 0) << 21) | ((bytes[offset + 1] ?? 0) << 14) | ((bytes[offset + 2] ?? 0) << 7) | (bytes[offset + 3] ?? 0);
}

function synchsafe(value: number): Buffer {
  if (value >= 2 ** 28) throw new Id3Error('An ID3v2 size must be below 256 MiB');
  return Buffer.from([(value >> 21) & 0x7f, (value >> 14) & 0x7f, (value >> 7) & 0x7f, value & 0x7f]);
}

/** The size of the tag the 10-byte `header` starts, or undefined when the file starts with no ID3v2 tag. */
export function id3TagSize(header: Buffer): number | undefined {
  if (header.length < ID3_HEADER_BYTES || header.toString('latin1', 0, 3) !== 'ID3') return undefined;
  const footer = (header[5] ?? 0) & 0x10 ? ID3_HEADER_BYTES : 0;
  return ID3_HEADER_BYTES + readSynchsafe(header, 6) + footer;
}

/** Parses a whole tag (`bytes` from the start of the file, at least the tag's length); no tag gives an empty 2.3 tag. */
export function parseId3Tag(bytes: Buffer): Id3Tag {
  const tagBytes = id3TagSize(bytes);
  if (tagBytes === undefined) return { majorVersion: 3, frames: [], tagBytes: 0 };
  const majorVersion = bytes[3];
  const flags = bytes[5] ?? 0;
  if (majorVersion !== 3 && majorVersion !== 4) throw new Id3Error(`ID3v2.${majorVersion} tags are not supported`);
  // Whole-tag unsynchronisation and extended headers are not written by ffmpeg; refuse rather than misread.
  if (flags & 0xc0) throw new Id3Error('ID3v2 tags with unsynchronisation or an extended header are not supported');
  const end = ID3_HEADER_BYTES + readSynchsafe(bytes, 6);
  const frames: Id3Frame[] = [];
  let offset = ID3_HEADER_BYTES;
  while (offset + ID3_HEADER_BYTES <= end && bytes[offset] !== 0) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = majorVersion === 4 ? readSynchsafe(bytes, offset + 4) : bytes.readUInt32BE(offset + 4);
    const frameEnd = offset + ID3_HEADER_BYTES + size;
    if (!/^[A-Z0-9]{4}$/.test(id) || frameEnd > end) throw new Id3Error(`Malformed ID3v2 frame at byte ${offset}`);
    frames.push({ id, bytes: bytes.subarray(offset, frameEnd) });
    offset = frameEnd;
  }
  return { majorVersion, frames, tagBytes };
}

function id3Frame(majorVersion: 3 | 4, id: string, body: Buffer): Id3Frame {
  const header = Buffer.alloc(ID3_HEADER_BYTES);
  header.write(id, 0, 'latin1');
  if (majorVersion === 4) synchsafe(body.length).copy(header, 4);
  else header.writeUInt32BE(body.length, 4);
  return { id, bytes: Buffer.concat([header, body]) };
}

/** A text frame: ISO-8859-1 when every character fits, else UTF-16 with a byte-order mark (both versions read it). */
export function textFrame(majorVersion: 3 | 4, id: string, text: string): Id3Frame {
  const latin1 = [...text].every((char) => (char.codePointAt(0) ?? 0) <= 0xff);
  const body = latin1
    ? Buffer.concat([Buffer.from([0x00]), Buffer.from(text, 'latin1')])
    : Buffer.concat([Buffer.from([0x01, 0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  return id3Frame(majorVersion, id, body);
}

const NOT_SET = 0xffffffff;
const cString = (text: string) => Buffer.from(`${text}\0`, 'latin1');

export function chapterFrame(majorVersion: 3 | 4, chapter: { elementId: string; startMs: number; endMs: number; title: string }): Id3Frame {
  const times = Buffer.alloc(16);
  times.writeUInt32BE(chapter.startMs, 0);
  times.writeUInt32BE(chapter.endMs, 4);
  // Byte offsets are "not set": players seek by time.
  times.writeUInt32BE(NOT_SET, 8);
  times.writeUInt32BE(NOT_SET, 12);
  return id3Frame(majorVersion, 'CHAP', Buffer.concat([cString(chapter.elementId), times, textFrame(majorVersion, 'TIT2', chapter.title).bytes]));
}

/** The top-level table of contents, listing the chapters in playing order. */
export function tableOfContentsFrame(majorVersion: 3 | 4, elementId: string, childIds: readonly string[]): Id3Frame {
  if (childIds.length > 255) throw new Id3Error('A CTOC frame lists at most 255 entries');
  const TOP_LEVEL = 0x02;
  const ORDERED = 0x01;
  return id3Frame(majorVersion, 'CTOC', Buffer.concat([cString(elementId), Buffer.from([TOP_LEVEL | ORDERED, childIds.length]), ...childIds.map(cString)]));
}

/** A tag holding `frames`, with no flags (so no footer) and no padding. */
export function serializeId3Tag(majorVersion: 3 | 4, frames: readonly Id3Frame[]): Buffer {
  const body = Buffer.concat(frames.map((frame) => frame.bytes));
  return Buffer.concat([Buffer.from([0x49, 0x44, 0x33, majorVersion, 0x00, 0x00]), synchsafe(body.length), body]);
}
