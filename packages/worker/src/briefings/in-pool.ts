// Runs `work` over `items` in a pool of `width` lanes: at most `width` at a time, the next
// item starting as soon as any lane is free (feeds and articles of one run).

export async function inPool<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
