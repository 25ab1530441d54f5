// A multipart body far past an upload bound, streamed without a length (so the server can
// only refuse it as it arrives), counting what was sent before the answer came.
const CHUNK = 256 * 1024;

export function hugeUpload(field: string, filename: string, totalBytes: number, firstBytes = 'RIFF'): { body: ReadableStream<Uint8Array>; headers: Record<string, string>; sent(): number } {
  let sent = 0;
  const head = `--b\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n\r\n${firstBytes}`;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode(head));
      if (sent >= totalBytes) return controller.close();
      sent += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK));
    },
  });
  return { body, headers: { 'content-type': 'multipart/form-data; boundary=b' }, sent: () => sent };
}
