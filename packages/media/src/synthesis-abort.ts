// Turning a caller's AbortSignal into the rejection the TtsEngine contract promises.

/** The signal's own reason when it is an Error (AbortController.abort() gives a DOMException AbortError). */
export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The synthesis was aborted', 'AbortError');
}

/**
 * `work`'s outcome, or the abort reason as soon as `signal` fires, whichever comes
 * first. For waits on shared work (a queue, a lookup others also await) that must
 * not itself be cancelled by one caller giving up.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    if (signal.aborted) {
      void work.catch(() => {}); // its failure now concerns nobody here
      return onAbort();
    }
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
