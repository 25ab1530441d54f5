// Following one episode's progress for an event stream. It subscribes first, then
// reads the current state, so nothing between "read" and "subscribe" can be missed;
// duplicates and stale steps are dropped, and it ends at ready or error. Terminal
// states are re-read from the row, since they carry more than a notification holds
// (the audio address, the error reason).
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { isTerminal, type EpisodeStatus } from '@castwright/core/episode-states';
import type { ServiceLogger } from '@castwright/core/logger';
import type { ProgressEvent } from '@castwright/core/progress';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { audioSecondsOf, audioUrlOf, previewOf } from '../episodes/episode-views.ts';
import { episodeLivePath } from '@castwright/core/episode-states';
import { eventMessage, KEEP_ALIVE, type EventMessage } from './event-message.ts';
import type { ProgressHub } from './progress-hub.ts';

const KEEP_ALIVE_MS = 15_000;

/** Where the stream's messages go (the SSE reply). */
export interface ProgressSink {
  send(message: EventMessage): void;
  end(): void;
  /** Registers what to do when the client goes away. */
  onClose(listener: () => void): void;
}

interface StreamState {
  status: EpisodeStatus;
  progressPercent: number;
  /** What the stage waits on; undefined when the step does not say (a plain progress step). */
  note?: string | null | undefined;
  /** How long the live stream plays (ms): a longer one is news even at the same percent. */
  previewMs?: number | undefined;
}

function messageFor(row: EpisodeRow): Record<string, unknown> {
  const preview = previewOf(row);
  const message: Record<string, unknown> = { status: row.status, progressPercent: row.progress_percent, ...(preview.previewUrl ? preview : {}) };
  if (row.progress_note) message.note = row.progress_note;
  if (row.status === 'ready') {
    message.audioUrl = audioUrlOf(row);
    message.audioDuration = audioSecondsOf(row);
  }
  if (row.status === 'error') message.error = row.error_message ?? 'Processing failed';
  return message;
}

/**
 * A progress step's message, serialized once per notification however many streams follow
 * the episode: the hub hands the same event object to each of them, one after another, so
 * the last event's message is all there is to remember (a WeakMap over every event cost
 * more in garbage collection than the serializing it saved).
 */
let lastEvent: ProgressEvent | undefined;
let lastMessage: EventMessage | undefined;
function progressMessage(event: ProgressEvent): EventMessage {
  if (event !== lastEvent || lastMessage === undefined) {
    const preview = event.status === 'generating_audio' && event.previewMs ? { previewUrl: episodeLivePath(event.id), previewDurationMs: event.previewMs } : {};
    lastMessage = eventMessage(JSON.stringify({ status: event.status, progressPercent: event.progressPercent, ...preview, ...(event.note === undefined ? {} : { note: event.note }) }));
    lastEvent = event;
  }
  return lastMessage;
}

/** Resolves once the first message (the current state) is sent; the stream goes on until a terminal state or the client leaves. */
export async function followEpisode(
  services: { db: Db; progressHub: ProgressHub; logger: ServiceLogger },
  episodeId: string,
  sink: ProgressSink,
): Promise<void> {
  let last: StreamState | undefined;
  let finished = false;
  let chain = Promise.resolve();

  const finish = () => {
    if (finished) return;
    finished = true;
    unsubscribe();
    clearInterval(keepAlive);
    sink.end();
  };

  const send = (state: StreamState, message: EventMessage) => {
    if (finished) return;
    const terminal = isTerminal(state.status);
    // A new note at the same progress is news (the stage started or stopped waiting).
    const noteChanged = state.note !== undefined && state.note !== (last?.note ?? null);
    const stale = last && !terminal && (state.progressPercent < last.progressPercent ||
      (state.progressPercent === last.progressPercent && state.status === last.status && !noteChanged && (state.previewMs ?? 0) <= (last.previewMs ?? 0)));
    if (stale) return;
    // A plain step that gets here moved the episode on, which clears its note.
    last = { ...state, note: state.note ?? null };
    sink.send(message);
    if (terminal) finish();
  };

  const sendCurrentRow = async () => {
    const row = await selectEpisodeById(services.db, episodeId);
    if (!row) return finish();
    send({ status: row.status, progressPercent: row.progress_percent, note: row.progress_note, previewMs: previewOf(row).previewDurationMs ?? undefined }, eventMessage(JSON.stringify(messageFor(row))));
  };

  const onEvent = async (event: ProgressEvent) => {
    if (isTerminal(event.status)) return sendCurrentRow();
    send(event, progressMessage(event));
  };

  let pending = 0;
  const enqueue = (step: () => Promise<void>) => {
    pending += 1;
    chain = chain
      .then(step)
      .catch((error: unknown) => {
        services.logger.warn({ err: error, episodeId }, 'progress stream step failed');
      })
      .finally(() => {
        pending -= 1;
      });
  };

  const unsubscribe = services.progressHub.subscribe(episodeId, {
    // A progress step needs no database read, so it is written at once (a burst reaches
    // thousands of streams in one tick); only behind a read still in flight does it wait
    // its turn, so the order of messages holds.
    onEvent: (event) => {
      if (pending === 0 && !isTerminal(event.status)) send(event, progressMessage(event));
      else enqueue(() => onEvent(event));
    },
  });
  const keepAlive = setInterval(() => {
    if (!finished) sink.send(KEEP_ALIVE);
  }, KEEP_ALIVE_MS);
  sink.onClose(finish);
  enqueue(sendCurrentRow);
  await chain;
}
