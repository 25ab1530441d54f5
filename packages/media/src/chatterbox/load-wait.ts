// One speech request's wait for a Chatterbox server that is loading its model (a first
// start downloads it, which takes minutes): the wait starts at the first sign of loading,
// tells the caller what it waits for (once per change, so a render's progress can say so),
// runs out after its limit in all, and says when it is over.
import type { SynthesisRequest } from '../tts-engine.ts';
import { ChatterboxError } from './chatterbox-error.ts';

export class LoadWait {
  private readonly limitMs: number;
  private readonly onWait: SynthesisRequest['onWait'];
  private startedAt: number | undefined;
  private said: string | undefined;

  constructor(limitMs: number, onWait: SynthesisRequest['onWait']) {
    this.limitMs = limitMs;
    this.onWait = onWait;
  }

  /** Records that the server is loading (`reason.loading` says how far); throws once the wait has run out. */
  waiting(reason: ChatterboxError, baseUrl: string): void {
    this.startedAt ??= Date.now();
    if (this.leftMs() <= 0) {
      this.end();
      const waited = this.limitMs > 0 ? ` after ${Math.round(this.limitMs / 1000)} s` : '';
      throw new ChatterboxError(`Chatterbox at ${baseUrl} was still loading its model${waited} (${reason.loading ?? 'loading'})`, { transient: true, cause: reason });
    }
    const note = `Waiting for the Chatterbox server to load its model (${reason.loading ?? 'loading'})`;
    if (note !== this.said) this.onWait?.(note);
    this.said = note;
  }

  /** What is left of the wait; all of it before the server was first seen loading. */
  leftMs(): number {
    return this.startedAt === undefined ? this.limitMs : this.startedAt + this.limitMs - Date.now();
  }

  /** The server is ready: a caller told of the wait is told it is over. */
  end(): void {
    if (this.said !== undefined) this.onWait?.(undefined);
    this.said = undefined;
  }
}
