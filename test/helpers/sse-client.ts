// Reads a Server-Sent Events response as parsed `data:` messages, using the
// eventsource-parser library for the wire format.
import { createParser } from 'eventsource-parser';
import type { Response } from 'undici';

export async function* sseMessages(response: Response): AsyncGenerator<Record<string, unknown>> {
  if (!response.body) return;
  const queue: Record<string, unknown>[] = [];
  const parser = createParser({ onEvent: (event) => queue.push(JSON.parse(event.data) as Record<string, unknown>) });
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    while (queue.length > 0) yield queue.shift() as Record<string, unknown>;
  }
}

/** Every message with its event type (`message` when the server names none). */
export async function* sseEvents(response: Response): AsyncGenerator<{ event: string; data: Record<string, unknown> }> {
  if (!response.body) return;
  const queue: { event: string; data: Record<string, unknown> }[] = [];
  const parser = createParser({ onEvent: (event) => queue.push({ event: event.event ?? 'message', data: JSON.parse(event.data) as Record<string, unknown> }) });
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    while (queue.length > 0) yield queue.shift() as { event: string; data: Record<string, unknown> };
  }
}
