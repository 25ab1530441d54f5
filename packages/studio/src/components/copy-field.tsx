// A value to copy (a feed address, a new API key, a webhook secret): read-only, selectable,
// with a copy button that says when it worked.
import { useState } from 'preact/hooks';

export function CopyField({ label, value, id }: { label: string; value: string; id: string }) {
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('Copied.');
    } catch {
      setCopied('Could not copy: select the text and copy it yourself.');
    }
  };
  return (
    <div class="copy-field">
      <label for={id}>{label}</label>
      <div class="row">
        <input id={id} readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" onClick={() => void copy()}>Copy</button>
      </div>
      <p role="status" class="hint">{copied}</p>
    </div>
  );
}
