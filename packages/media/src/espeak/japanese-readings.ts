// Japanese as eSpeak NG can say it. eSpeak reads kana but not kanji (it names each one
// "Chinese letter"), so Japanese text is first turned into its pronunciation in katakana
// by kuromoji's morphological analysis (its IPADIC dictionary ships in the package), with
// particles as spoken (は → ワ) and long vowels marked. Words the dictionary does not know
// keep their spelling.
import { createRequire } from 'node:module';
import path from 'node:path';
import kuromoji from 'kuromoji';

type Tokenizer = kuromoji.Tokenizer<kuromoji.IpadicFeatures>;

let tokenizer: Promise<Tokenizer> | undefined;

function loadTokenizer(): Promise<Tokenizer> {
  tokenizer ??= new Promise<Tokenizer>((resolve, reject) => {
    const dicPath = path.join(path.dirname(createRequire(import.meta.url).resolve('kuromoji/package.json')), 'dict');
    kuromoji.builder({ dicPath }).build((error, built) => (error ? reject(error) : resolve(built)));
  });
  tokenizer.catch(() => {
    tokenizer = undefined;
  });
  return tokenizer;
}

/** The text as it is pronounced, in katakana (punctuation, Latin letters and digits as written). */
export async function japaneseReading(text: string): Promise<string> {
  const tokens = (await loadTokenizer()).tokenize(text);
  return tokens.map((token) => spoken(token.pronunciation) ?? spoken(token.reading) ?? token.surface_form).join('');
}

function spoken(value: string | undefined): string | undefined {
  return value && value !== '*' ? value : undefined;
}
