// A reply turned into a Server-Sent Events stream, written straight to the socket.
//
// Why not fastify-sse-v2 (the plugin this started with): it passes every message through
// an it-pushable queue, an async generator and an it-to-stream Readable piped into the
// response: a dozen promises and two stream hops per message. A burst that moves every
// episode at once sends one message to each of thousands of streams in one tick, and that
// per-message overhead was the difference between the burst's p99 and the goal
// (docs/benchmarks.md, `npm run bench:sse`). Messages here are one string, one write.
import type { FastifyReply } from 'fastify';
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

/** One `data:` line per line of the payload, as the SSE format requires. */
function dataMessage(data: string): string {
  return `data: ${data.replaceAll('\n', '\ndata: ')}\n\n`;
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

  const write = (text: string) => {
    if (response.writableEnded || response.destroyed) return;
    if (response.writableLength > MAX_UNREAD_BYTES) {
      response.destroy();
      return;
    }
    response.write(text);
  };
  return {
    send: (data) => write(dataMessage(data)),
    keepAlive: () => write(': keep-alive\n\n'),
    end: () => {
      if (!response.writableEnded) response.end();
    },
    onClose: (listener) => response.on('close', listener),
  };
}
