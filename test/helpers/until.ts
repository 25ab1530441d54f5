// Polls `probe` until it finds something (not undefined), for what a worker does in its own
// time: a sample made, a status moved. Throws, naming what it waited for, at the deadline.
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}
