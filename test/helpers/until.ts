// The one way a test waits: polls `probe` until it finds something, for what a worker, a
// server or a browser does in its own time (a sample made, a status moved, a message
// sent). Nothing found is `undefined`, `null` or `false`; anything else (0 and '' too) is
// returned. At the deadline it throws, naming what it waited for: the deadline is a safety
// net for a test that would otherwise hang, never the condition a test checks, so keep it
// generous (a slow or busy machine only takes longer).
export type Found<T> = Exclude<T, undefined | null | false>;

export async function until<T>(what: string, probe: () => Promise<T> | T, timeoutMs = 30_000, intervalMs = 200): Promise<Found<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined && found !== null && found !== false) return found as Found<T>;
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
