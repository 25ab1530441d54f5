// One LISTEN connection per api process, fanned out to every SSE stream in it (and to
// the other channels the api follows, such as webhook test deliveries). If the
// connection drops, it reconnects with exponential backoff and jitter, then reads the
// current state of every followed episode — in batches, one query per batch, not one per
// stream — and hands it to the streams as events, since notifications sent meanwhile are lost.
import pg from 'pg';
import { PROGRESS_CHANNEL, parseProgressEvent, type ProgressEvent } from '@castwright/core/progress';
import type { Logger } from '@castwright/core/logger';

export interface ProgressSubscriber {
  onEvent(event: ProgressEvent): void;
}

/** Another channel carried on the same connection (STYLE: one listening connection per process). */
export interface ChannelListener {
  onNotification(payload: string): void;
  /** The connection came back: notifications sent meanwhile were lost. */
  onReconnect(): void;
}

/** The current state of the given episodes (those deleted meanwhile are simply absent). */
export type ReadEpisodeStates = (ids: readonly string[]) => Promise<{ id: string; status: ProgressEvent['status']; progress_percent: number }[]>;

/** Episodes re-read per query after a reconnect: bounded, so thousands of streams make a handful of queries. */
const RESYNC_BATCH = 500;

const BACKOFF_BASE_MS = 250;
const BACKOFF_CAP_MS = 15_000;

export class ProgressHub {
  readonly #databaseUrl: string;
  readonly #logger: Logger;
  readonly #readStates: ReadEpisodeStates;
  readonly #subscribers = new Map<string, Set<ProgressSubscriber>>();
  readonly #channels = new Map<string, ChannelListener>();
  #client: pg.Client | undefined;
  #closed = false;
  #attempt = 0;
  #reconnects = 0;
  #reconnectTimer: NodeJS.Timeout | undefined;

  constructor(databaseUrl: string, logger: Logger, readStates: ReadEpisodeStates) {
    this.#databaseUrl = databaseUrl;
    this.#logger = logger;
    this.#readStates = readStates;
  }

  /** Listens on another channel too (a constant name); call before start(). */
  listen(channel: string, listener: ChannelListener): void {
    this.#channels.set(channel, listener);
  }

  /** Resolves once listening; the first connection must succeed for the api to start. */
  async start(): Promise<void> {
    await this.#connect();
  }

  subscribe(episodeId: string, subscriber: ProgressSubscriber): () => void {
    let set = this.#subscribers.get(episodeId);
    if (!set) this.#subscribers.set(episodeId, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.#subscribers.delete(episodeId);
    };
  }

  /** LISTEN connections re-established after a loss, since start (for /metrics). */
  get reconnects(): number {
    return this.#reconnects;
  }

  get subscriberCount(): number {
    let count = 0;
    for (const set of this.#subscribers.values()) count += set.size;
    return count;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#reconnectTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Ends the current connection as a network failure would (used by tests of reconnection). */
  async dropConnectionForTest(): Promise<void> {
    const client = this.#client;
    if (client) await client.query('SELECT pg_terminate_backend(pg_backend_pid())').catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#databaseUrl, application_name: 'castwright-progress-hub' });
    client.on('notification', (message) => {
      if (message.channel === PROGRESS_CHANNEL) this.#dispatch(message.payload);
      else this.#channels.get(message.channel)?.onNotification(message.payload ?? '');
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('connection ended')));
    await client.connect();
    for (const channel of [PROGRESS_CHANNEL, ...this.#channels.keys()]) await client.query(`LISTEN ${channel}`);
    this.#client = client;
    this.#attempt = 0;
  }

  #dispatch(payload: string | undefined): void {
    if (!payload) return;
    let event: ProgressEvent;
    try {
      event = parseProgressEvent(payload);
    } catch (error) {
      this.#logger.warn({ err: error, payload }, 'ignoring malformed progress notification');
      return;
    }
    this.#deliver(event);
  }

  #deliver(event: ProgressEvent): void {
    for (const subscriber of this.#subscribers.get(event.id) ?? []) subscriber.onEvent(event);
  }

  /** Brings every stream up to date after notifications may have been missed. */
  async #resync(): Promise<void> {
    const ids = [...this.#subscribers.keys()];
    for (let start = 0; start < ids.length; start += RESYNC_BATCH) {
      const states = await this.#readStates(ids.slice(start, start + RESYNC_BATCH));
      const at = Date.now();
      for (const state of states) this.#deliver({ id: state.id, status: state.status, progressPercent: state.progress_percent, at });
    }
  }

  #lost(client: pg.Client, error: Error): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = undefined;
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    this.#logger.warn({ err: error }, 'progress listener lost its connection; reconnecting');
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** this.#attempt);
    const delay = Math.random() * ceiling; // "full jitter": replicas do not reconnect in lockstep
    this.#attempt += 1;
    this.#reconnectTimer = setTimeout(() => {
      this.#connect().then(
        () => {
          this.#reconnects += 1;
          this.#logger.info({ streams: this.subscriberCount }, 'progress listener reconnected; resyncing streams');
          for (const listener of this.#channels.values()) listener.onReconnect();
          this.#resync().catch((error: unknown) => {
            // The listener is back but the read failed: drop the connection to try the whole step again.
            this.#logger.warn({ err: error }, 'progress resync failed; reconnecting');
            if (this.#client) this.#lost(this.#client, error as Error);
          });
        },
        (error: unknown) => {
          this.#logger.warn({ err: error, attempt: this.#attempt }, 'progress listener reconnect failed');
          if (!this.#closed) this.#scheduleReconnect();
        },
      );
    }, delay);
    this.#reconnectTimer.unref();
  }
}
