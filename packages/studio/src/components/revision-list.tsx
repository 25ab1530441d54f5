// An episode's revisions (each render is one), newest first: when, what became of it, how
// many lines it changed, voiced and found already voiced, its length; and restoring an
// earlier one, behind a confirmation that says what it replaces.
import type { Revision } from '../api/types.ts';
import { date, spokenDuration } from '../format.ts';
import { ConfirmButton } from './confirm-button.tsx';

const REVISION_STATUS: Record<string, string> = {
  rendering: 'Being recorded',
  published: 'Published: playing now',
  replaced: 'Replaced',
  failed: 'Failed',
};

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function RevisionList(props: { revisions: Revision[]; pendingChanges: number | null; busy: boolean; onRestore: (revision: Revision) => void }) {
  const { revisions, pendingChanges } = props;
  const lost = pendingChanges ? ` Your ${count(pendingChanges, 'unrendered change')} to the script ${pendingChanges === 1 ? 'is' : 'are'} replaced.` : '';
  return (
    <section aria-labelledby="revisions-heading" class="revisions">
      <h2 id="revisions-heading">Revisions</h2>
      <p class="hint">Each recording of the script is a revision. Restoring one makes its script the current one and records it again as a new revision; lines still stored are reused, not voiced again.</p>
      <table class="list">
        <caption class="visually-hidden">Revisions of this episode, newest first</caption>
        <thead>
          <tr><th scope="col">Revision</th><th scope="col">Made</th><th scope="col">Status</th><th scope="col">Lines changed</th><th scope="col">Voiced / reused</th><th scope="col">Length</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr>
        </thead>
        <tbody>
          {revisions.map((revision) => (
            <tr key={revision.revision} class={revision.status === 'published' ? 'current' : undefined}>
              <th scope="row">{revision.revision}{revision.restoredFrom !== null && <div class="hint">restores {revision.restoredFrom}</div>}</th>
              <td>{date(revision.createdAt)}</td>
              <td>
                <span class={`status status-revision-${revision.status}`}>{REVISION_STATUS[revision.status] ?? revision.status}</span>
                {revision.error && <div class="hint">{revision.error}</div>}
              </td>
              <td>{revision.linesChanged}</td>
              <td>{revision.linesRendered === null ? '—' : `${revision.linesRendered} / ${revision.linesReused ?? 0}`}</td>
              <td>{spokenDuration(revision.audioDuration)}</td>
              <td class="actions">
                {(revision.status === 'replaced' || revision.status === 'failed') && (
                  <ConfirmButton label={`Restore revision ${revision.revision}`} confirmLabel="Restore and record" disabled={props.busy}
                    question={`Restore revision ${revision.revision}? Its script becomes the current script and is recorded again as a new revision.${lost} The published audio plays until the new one is ready.`}
                    onConfirm={() => props.onRestore(revision)} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
