// Keys for the IPA symbols a keyboard lacks, under an IPA field. Each inserts its symbol
// where the caret was in the field (an input keeps its selection when it loses focus), so a
// keyboard user can press several in a row; a mouse press leaves the focus in the field.
// Only symbols the API accepts (core's IPA_SYMBOLS); ASCII g is taken as ɡ there.

const KEYS = [
  ['ˈ', 'primary stress'], ['ˌ', 'secondary stress'], ['ː', 'long'],
  ['ə', 'as in about'], ['ɪ', 'as in kit'], ['ʊ', 'as in foot'], ['ɛ', 'as in dress'], ['æ', 'as in trap'],
  ['ɑ', 'as in father'], ['ɔ', 'as in thought'], ['ʌ', 'as in strut'], ['ɜ', 'as in nurse'],
  ['ɹ', 'as in red'], ['ʃ', 'as in she'], ['ʒ', 'as in vision'], ['θ', 'as in thin'], ['ð', 'as in this'],
  ['ŋ', 'as in sing'], ['ʧ', 'as in church'], ['ʤ', 'as in judge'],
] as const;

function insert(field: HTMLInputElement, symbol: string): void {
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  field.setRangeText(symbol, start, end, 'end');
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export function IpaKeys({ fieldId }: { fieldId: string }) {
  return (
    <div class="ipa-keys" role="group" aria-label="Insert an IPA symbol">
      <span class="hint" aria-hidden="true">Insert in IPA:</span>
      {KEYS.map(([symbol, name]) => (
        <button key={symbol} type="button" title={name} aria-label={`Insert ${symbol}, ${name}`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            const field = document.getElementById(fieldId);
            if (field instanceof HTMLInputElement) insert(field, symbol);
          }}>
          {symbol}
        </button>
      ))}
    </div>
  );
}
