// Reading a submitted form as plain values.

export function formValues(event: Event): Record<string, string> {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value;
  return values;
}

/** A safe place to go after signing in: a path on this site, never another origin. */
export function nextPath(query: Record<string, string>, fallback = '/episodes'): string {
  const next = query.next;
  return next && next.startsWith('/') && !next.startsWith('//') ? next : fallback;
}
