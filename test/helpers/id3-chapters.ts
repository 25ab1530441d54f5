// Reads the chapters back out of an MP3's ID3v2 tag with node-id3, an implementation
// independent of ours, plus the CTOC's flag byte (node-id3 reports "ordered" but not
// "top-level", which players need to find the table).
import NodeID3 from 'node-id3';

export interface Id3Chapters {
  chapters: { elementId: string; startMs: number; endMs: number; title: string | undefined }[];
  tableOfContents: { elementId: string; ordered: boolean; topLevel: boolean; children: string[] }[];
  title: string | undefined;
  artist: string | undefined;
}

export function readId3Chapters(bytes: Buffer): Id3Chapters {
  const tags = NodeID3.read(bytes);
  const ctoc = bytes.indexOf('CTOC', 10, 'latin1');
  const flagsAt = ctoc < 0 ? -1 : bytes.indexOf(0, ctoc + 10) + 1;
  const flags = flagsAt > 0 ? (bytes[flagsAt] ?? 0) : 0;
  return {
    chapters: (tags.chapter ?? []).map((chapter) => ({
      elementId: chapter.elementID,
      startMs: chapter.startTimeMs,
      endMs: chapter.endTimeMs,
      title: chapter.tags?.title,
    })),
    tableOfContents: (tags.tableOfContents ?? []).map((toc) => ({
      elementId: toc.elementID,
      ordered: toc.isOrdered === true,
      topLevel: (flags & 0x02) !== 0,
      children: toc.elements ?? [],
    })),
    title: tags.title,
    artist: tags.artist,
  };
}
