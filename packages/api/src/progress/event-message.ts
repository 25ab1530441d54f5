// One Server-Sent Events message, formatted once and shared by every stream it goes to:
// a burst that moves thousands of episodes formats each message once, and the stream
// replies frame it once too (event-stream-reply.ts keeps the bytes on the message itself:
// a WeakMap per message cost more, in the garbage collector's ephemeron tables, than the
// framing it saved).

export interface EventMessage {
  /** The message as it goes on the wire: `data:` lines and the blank line that ends it. */
  readonly text: string;
  /** The message as the stream replies write it (an HTTP/1.1 chunk), once one has. */
  chunk?: Buffer;
}

/** A `data:` message; one `data:` line per line of the payload, as the SSE format requires. */
export function eventMessage(data: string): EventMessage {
  return { text: `data: ${data.replaceAll('\n', '\ndata: ')}\n\n` };
}

/** A message of a named event type (`event: video`): clients that listen for plain messages never see it. */
export function namedEventMessage(event: string, data: string): EventMessage {
  return { text: `event: ${event}\n${eventMessage(data).text}` };
}

/** A comment line, which clients ignore: keeps idle connections open through proxies. */
export const KEEP_ALIVE: EventMessage = { text: ': keep-alive\n\n' };
