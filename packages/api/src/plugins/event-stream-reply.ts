// A reply turned into a Server-Sent Events stream, written straight to the socket.
//
// Why not fastify-sse-v2 (the plugin this started with): it passes every message through
// an it-pushable queue, an async generator and an it-to-stream Readable piped into the
// response: a dozen promises and two stream hops per message. A burst that moves every
// episode at once sends one message to each of thousands of streams in one tick, and that
// per-message overhead was the difference between the burst's p99 and the goal
// (docs/benchmarks.md, `npm run bench:sse`).
//
// Why past Node's own response.write after the headers: for a chunked response it makes
// four writes per message (size, CRLF, data, CRLF), corks the socket and uncorks it on the
// next tick, and encodes the string again for every stream. Here a message's whole HTTP
// chunk is built once, as bytes, and handed to the TLS socket in one write, which encrypts
// and sends it at once. The framing is exactly Node's (the response still ends with its
// own last chunk), and only once Node has given this response the socket and chosen
// chunked encoding; otherwise (an HTTP/1.0 client) messages go through response.write.
import type { FastifyReply } from 'fastify';
import type { EventMessage } from '../progress/event-message.ts';
import type { ProgressSink } from '../progress/follow-episode.ts';

/** Tells a reconnecting EventSource to wait this long before it tries again. */
const RETRY_MS = 3000;

/**
 * A client that stops reading while the stream goes on would make its messages pile up in
 * memory. Progress messages are tiny and few per episode, so this much unread means the
 * client is gone or stuck: the stream ends, and a client that comes back starts afresh
 * from the current state.
 */
const MAX_UNREAD_BYTES = 256 * 1024;

/** A message as one HTTP/1.1 chunk (size in hex, CRLF, the message, CRLF), built once per message. */
function chunkOf(message: EventMessage): Buffer {
  if (message.chunk === undefined) {
    const length = Buffer.byteLength(message.text);
    message.chunk = Buffer.from(`${length.toString(16)}\r\n${message.text}\r\n`);
  }
  return message.chunk;
}

export function openEventStream(reply: FastifyReply): ProgressSink {
  reply.hijack();
  const response = reply.raw;
  // Headers set earlier on the reply (rate-limit headers, CORS) go out with the stream's own.
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) response.setHeader(name, value);
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies such as nginx would otherwise buffer the stream and deliver it in lumps.
    'x-accel-buffering': 'no',
  });
  response.write(`retry: ${RETRY_MS}\n\n`);

  const write = (message: EventMessage) => {
    if (response.writableEnded || response.destroyed) return;
    // Set only while this response is the one its connection is sending (not queued behind
    // an earlier pipelined response): from then on the socket carries our chunks in order.
    const socket = response.socket;
    if (socket === null || !response.chunkedEncoding) {
      if (response.writableLength > MAX_UNREAD_BYTES) response.destroy();
      else response.write(message.text);
      return;
    }
    if (socket.writableLength > MAX_UNREAD_BYTES) {
      response.destroy();
      return;
    }
    socket.write(chunkOf(message));
  };
  return {
    send: write,
    end: () => {
      if (!response.writableEnded) response.end();
    },
    onClose: (listener) => response.on('close', listener),
  };
}
