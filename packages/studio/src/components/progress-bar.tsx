// An episode's progress: a labelled <progress> and its status in words.
import { statusLabel } from '../format.ts';

export function ProgressBar({ percent, status, label }: { percent: number; status: string; label: string }) {
  return (
    <div class="progress">
      <progress max={100} value={percent} aria-label={label} aria-valuetext={`${percent}%, ${statusLabel(status)}`} />
      <span class="hint">{percent}% · {statusLabel(status)}</span>
    </div>
  );
}
