// An error answered before the request body was read (a 413 for an upload over the
// tier's limit, a 401 on an upload): the client may still be sending. Closing the
// connection at once makes the kernel reset it while unread bytes wait in its buffer,
// and a client that reads its answer only after sending (Node's fetch, undici) then gets
// EPIPE instead of the answer. So the rest of the body is read and discarded, up to a
// bound in bytes and time, and only a client that goes past the bound is cut off.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Discarded after an early answer before the connection is closed (README: "Uploads"). */
export const UNREAD_BODY_DRAIN_BYTES = 64 * 1024 * 1024;
/** How long a client may take to send that rest. */
const UNREAD_BODY_DRAIN_MS = 30_000;

export function drainUnreadBody(request: IncomingMessage, response: ServerResponse): void {
  if (request.complete || request.destroyed) return;
  // Whatever was parsing the body (the multipart parser) stops receiving it.
  request.unpipe();
  let drained = 0;
  const cutOff = () => {
    request.pause();
    // The answer goes out first; only then is the connection dropped.
    if (response.writableFinished) request.socket.destroy();
    else response.once('finish', () => request.socket.destroy());
  };
  const timer = setTimeout(cutOff, UNREAD_BODY_DRAIN_MS).unref();
  request.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > UNREAD_BODY_DRAIN_BYTES) cutOff();
  });
  request.once('end', () => clearTimeout(timer));
  request.once('close', () => clearTimeout(timer));
  request.resume();
}
