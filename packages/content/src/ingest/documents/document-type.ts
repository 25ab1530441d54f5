// Which kind of document a file is, by its first bytes AND its name's extension:
// both must agree, so a PNG renamed .pdf or a zip renamed .docx is refused.
// Plain text has no magic bytes: .txt/.md must decode as strict UTF-8 without NULs
// (checked by the text extractor and, on upload, by isStrictUtf8Text).

export const DOCUMENT_TYPES = ['pdf', 'docx', 'doc', 'txt', 'md'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const ALLOWED_TYPES_TEXT = 'PDF, DOCX, DOC, TXT, MD';

export const DOCUMENT_CONTENT_TYPES: Record<DocumentType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};

/** How many leading bytes `documentTypeFor` needs. */
export const MAGIC_BYTES_NEEDED = 8;

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The lower-case extension of a file name, without the dot ('' when none). */
function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * The document type when the leading bytes and the extension agree, else null.
 * A DOCX is only "a zip" here; its central directory is checked by inspectDocxArchive.
 */
export function documentTypeFor(head: Uint8Array, filename: string): DocumentType | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const extension = extensionOf(filename);
  const startsWith = (magic: Buffer) => bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);
  if (startsWith(PDF_MAGIC)) return extension === 'pdf' ? 'pdf' : null;
  if (startsWith(ZIP_MAGIC)) return extension === 'docx' ? 'docx' : null;
  if (startsWith(OLE2_MAGIC)) return extension === 'doc' ? 'doc' : null;
  if (extension === 'txt' || extension === 'md') return extension;
  return null;
}
