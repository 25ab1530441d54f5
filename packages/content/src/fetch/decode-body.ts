// A fetched body to text by the first charset label that the runtime knows (the
// response's Content-Type, then what the document declares itself), else UTF-8.

/** The charset parameter of a Content-Type header, if any. */
export function contentTypeCharset(contentType: string): string | undefined {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
}

export function decodeBody(body: Buffer, labels: readonly (string | undefined)[]): string {
  for (const label of labels) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // An unknown label: try the next, then UTF-8.
    }
  }
  return new TextDecoder('utf-8').decode(body);
}
