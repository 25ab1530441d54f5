// Messages: an error in words (role=alert, with each rule and an upgrade link when there is
// one) and a success line (role=status).
import type { StudioError } from '../api/errors.ts';

export function ErrorNotice({ error }: { error: StudioError | undefined }) {
  if (!error) return null;
  return (
    <div class="notice error" role="alert">
      <p>{error.message}</p>
      {error.details.length > 0 && (
        <ul>
          {error.details.map((detail) => <li key={detail}>{detail}</li>)}
        </ul>
      )}
      {error.upgrade && <p><a href={error.upgrade.href}>{error.upgrade.message}</a></p>}
    </div>
  );
}

export function DoneNotice({ message }: { message: string | undefined }) {
  return <p class="notice done" role="status">{message ?? ''}</p>;
}

/** Said to screen readers, not drawn: most loads take a moment, and a line that appears and goes would move the page. */
export function Loading({ what }: { what: string }) {
  return <p class="visually-hidden" role="status">Loading {what}…</p>;
}
