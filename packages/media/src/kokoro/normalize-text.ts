// English text → what a narrator would say, before phonemisation. eSpeak reads
// plain cardinals, decimals, percentages and ordinals well, so those pass through;
// this handles the forms it gets wrong for a podcast: years ("1990" is "nineteen
// ninety", not "one thousand nine hundred ninety"), decades, currency (the symbol
// is read after the amount), clock times, and common abbreviations.

const DECADE_WORDS: Record<string, string> = {
  '00': 'hundreds', '10': 'tens', '20': 'twenties', '30': 'thirties', '40': 'forties',
  '50': 'fifties', '60': 'sixties', '70': 'seventies', '80': 'eighties', '90': 'nineties',
};

const CURRENCIES: Record<string, { one: string; many: string; cent: string; cents: string }> = {
  $: { one: 'dollar', many: 'dollars', cent: 'cent', cents: 'cents' },
  '£': { one: 'pound', many: 'pounds', cent: 'penny', cents: 'pence' },
  '€': { one: 'euro', many: 'euros', cent: 'cent', cents: 'cents' },
};

const SCALES: Record<string, string> = {
  k: 'thousand', thousand: 'thousand', m: 'million', mn: 'million', million: 'million',
  b: 'billion', bn: 'billion', billion: 'billion', trillion: 'trillion',
};

/** Abbreviations read as words; the ones that are only titles before a name are handled apart. */
const ABBREVIATIONS: [RegExp, string][] = [
  [/\be\.g\.(?=\s|$)/gi, 'for example'],
  [/\bi\.e\.(?=\s|$)/gi, 'that is'],
  // "etc." often ends the sentence too; keep that full stop unless the sentence goes on.
  [/\betc\.(?=\s+[a-z0-9])/gi, 'et cetera'],
  [/\betc\.(?=\s|$)/gi, 'et cetera.'],
  [/\bvs\.?(?=\s)/gi, 'versus'],
  [/\bapprox\.(?=\s)/gi, 'approximately'],
  [/\bNo\.(?=\s?\d)/g, 'number'],
  [/\bMr\.(?=\s)/g, 'Mister'],
  [/\bMrs\.(?=\s)/g, 'Missus'],
  [/\bMs\.(?=\s)/g, 'Miz'],
  [/\bDr\.(?=\s+[A-Z])/g, 'Doctor'],
  [/\bProf\.(?=\s+[A-Z])/g, 'Professor'],
  [/\bSt\.(?=\s+[A-Z])/g, 'Saint'],
  [/\bJr\.(?=\s|,|$)/g, 'Junior'],
  [/\bSr\.(?=\s|,|$)/g, 'Senior'],
];

/** "1990" → "19 90", "1905" → "19 oh 5", "1900" → "19 hundred"; 2000–2009 stay as eSpeak reads them. */
function sayYear(year: string): string {
  const value = Number(year);
  if (value >= 2000 && value <= 2009) return year;
  const century = year.slice(0, 2);
  const rest = year.slice(2);
  if (rest === '00') return `${century} hundred`;
  if (rest.startsWith('0')) return `${century} oh ${rest.slice(1)}`;
  return `${century} ${rest}`;
}

function sayDecade(digits: string): string {
  const century = digits.slice(0, 2);
  if (digits.length === 2) return DECADE_WORDS[digits] as string; // '90s
  const decade = DECADE_WORDS[digits.slice(2)] as string;
  return digits.slice(2) === '00' ? `${century} hundreds` : `${century} ${decade}`;
}

function sayMoney(symbol: string, whole: string, fraction: string | undefined, scale: string | undefined): string {
  const currency = CURRENCIES[symbol] as (typeof CURRENCIES)[string];
  const amount = whole.replace(/,/g, '');
  if (scale) {
    const scaleWord = SCALES[scale.toLowerCase()] as string;
    return `${amount}${fraction ? `.${fraction}` : ''} ${scaleWord} ${currency.many}`;
  }
  const main = `${amount} ${amount === '1' ? currency.one : currency.many}`;
  const cents = fraction ? Number(fraction.padEnd(2, '0')) : 0;
  if (cents === 0) return main;
  const centsWords = `${cents} ${cents === 1 ? currency.cent : currency.cents}`;
  return amount === '0' ? centsWords : `${main} and ${centsWords}`;
}

function sayTime(hours: string, minutes: string, meridiem: string | undefined): string {
  const hour = String(Number(hours));
  const suffix = meridiem ? ` ${meridiem[0]?.toUpperCase()}M` : '';
  if (minutes === '00') return meridiem ? `${hour}${suffix}` : `${hour} o'clock`;
  if (minutes.startsWith('0')) return `${hour} oh ${minutes.slice(1)}${suffix}`;
  return `${hour} ${minutes}${suffix}`;
}

export function normalizeText(text: string): string {
  let out = text
    .normalize('NFC')
    .replace(/[‘’]/g, "'")
    .replace(/[“”«»]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [pattern, words] of ABBREVIATIONS) out = out.replace(pattern, words);
  out = out
    // Currency before years and times, so "$1990" is money, not a year.
    .replace(
      /([$£€])\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?:\s?(thousand|million|billion|trillion|bn|mn|k|m|b)\b)?/gi,
      (_, symbol: string, whole: string, fraction: string | undefined, scale: string | undefined) => sayMoney(symbol, whole, fraction, scale),
    )
    .replace(
      /\b([01]?\d|2[0-3]):([0-5]\d)(?!:?\d)(?:\s?([ap])\.?m\.?(?=\W|$))?/gi,
      (_, hours: string, minutes: string, meridiem: string | undefined) => sayTime(hours, minutes, meridiem),
    )
    .replace(/(?<![\d.,])(1[1-9]|20)(\d0)'?s\b/g, (_, century: string, decade: string) => sayDecade(century + decade))
    .replace(/(?<![\w.,])'(\d0)s\b/g, (_, decade: string) => sayDecade(decade))
    // A lone four-digit number from 1100 to 2099 is read as a year; "1,990" and "1990.5" are not.
    .replace(/(?<![\d.,$£€])\b(1[1-9]\d\d|20\d\d)\b(?![.,]\d|\d)/g, (year: string) => sayYear(year))
    // The phonemiser treats "," and "." as punctuation, so numbers must not contain them.
    .replace(/(?<=\d),(?=\d{3}\b)/g, '')
    .replace(/(\d)\.(\d+)/g, (_, whole: string, fraction: string) => `${whole} point ${fraction.split('').join(' ')}`)
    .replace(/\s&\s/g, ' and ');
  return out;
}
