// A change refused because the script changed somewhere else (412: another tab, or a
// program through the API): said in words, with what the person tried, and one way on —
// read the script again. Nothing is merged or kept silently: reloading shows the script as
// it is now and drops what was not saved, and the refused change stays on the page to make
// again.
export interface Conflict {
  /** What was refused: "your change to line 3", "removing line 4", "the re-render". */
  what: string;
  /** The text the person wrote, when there was one. */
  text?: string;
  /** Set while the script is read again, and once it has been. */
  reloading?: boolean;
  reloaded?: boolean;
}

export function ScriptConflict({ conflict, onReload, onDismiss, busy }: { conflict: Conflict; onReload: () => void; onDismiss: () => void; busy: boolean }) {
  const attempted = conflict.text ? <p>What you wrote: <q class="kept">{conflict.text}</q></p> : null;
  if (conflict.reloaded) {
    return (
      <div class="notice" role="status">
        <p>This is the script as it is now. {conflict.what[0]?.toUpperCase()}{conflict.what.slice(1)} was not made; make it again if you still want it.</p>
        {attempted}
        <button type="button" onClick={onDismiss}>Done</button>
      </div>
    );
  }
  return (
    <div class="notice error conflict" role="alert">
      <p><strong>The script was changed somewhere else</strong> (in another tab, or through the API) after you opened it, so {conflict.what} was not saved. Nothing was overwritten.</p>
      {attempted}
      <p>Reload the script to see it as it is now. Changes you have not saved are dropped by the reload, so copy any you want to keep first.</p>
      <button type="button" class="primary" id="reload-script" onClick={onReload} disabled={busy}>Reload the script</button>
    </div>
  );
}
