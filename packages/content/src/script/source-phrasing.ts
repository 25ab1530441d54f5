// What the built-in writer's hosts say about an episode's sources, in each language:
// a source named by its place and kind ("the second article", "le troisième document"),
// the words that hand over to a source's sentences ("The second article, “City budget”,
// says:"), the line-up in the intro, and a theme several sources take up. As in the show's
// phrase tables (show-phrasing.ts), a slot takes a phrase as the source writes it, so the
// words around it never need to agree or contract with it; every noun here is one the
// ordinals agree with (masculine where the language has genders).
import { baseLanguage, type BaseLanguage, type Language } from '@castwright/core/languages';
import type { SourceKind } from '@castwright/core/episode-sources';
import { listFormatter } from './show-phrasing.ts';

/** A source as the hosts name it. */
export interface NamedSource {
  /** 0 for the first. */
  position: number;
  kind: SourceKind;
  title: string | null;
}

export interface SourcePhrasing {
  /** "the second article", mid-sentence. */
  name(source: NamedSource): string;
  /** Said before a source's sentences, as a sentence of its own: the source named, with its title. */
  says(source: NamedSource): string;
  /** After the welcome: the sources the episode brings together. */
  lineup(sources: readonly NamedSource[]): string;
  /** Opens a theme that `sources` all take up. */
  compare(label: string, sources: readonly NamedSource[]): string;
}

type Noun = 'page' | 'document' | 'text';

const NOUN_OF: Record<SourceKind, Noun> = { url: 'page', document: 'document', upload: 'document', text: 'text' };

interface Table {
  ordinals: readonly string[];
  /** Past the ordinals: "source number 11". */
  numbered: (n: number) => string;
  nouns: Record<Noun, string>;
  named: (ordinal: string, noun: string) => string;
  quote: (title: string) => string;
  says: (name: string, title: string | null) => string;
  lineup: (names: string) => string;
  compare: (label: string, names: string, count: number) => string;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const TABLES: Record<BaseLanguage, Table> = {
  en: {
    ordinals: ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'],
    numbered: (n) => `source number ${n}`,
    nouns: { page: 'article', document: 'document', text: 'text' },
    named: (ordinal, noun) => `the ${ordinal} ${noun}`,
    quote: (title) => `“${title}”`,
    says: (name, title) => `${capital(name)}${title ? `, ${title},` : ''} puts it this way.`,
    lineup: (names) => `This episode brings together ${names}.`,
    compare: (label, names, count) => `${capital(names)} ${count === 2 ? 'both' : 'all'} take up ${label}.`,
  },
  es: {
    ordinals: ['primer', 'segundo', 'tercer', 'cuarto', 'quinto', 'sexto', 'séptimo', 'octavo', 'noveno', 'décimo'],
    numbered: (n) => `la fuente número ${n}`,
    nouns: { page: 'artículo', document: 'documento', text: 'texto' },
    named: (ordinal, noun) => `el ${ordinal} ${noun}`,
    quote: (title) => `«${title}»`,
    says: (name, title) => `${capital(name)}${title ? `, ${title},` : ''} lo dice así.`,
    lineup: (names) => `Reunimos estas fuentes: ${names}.`,
    compare: (label, names) => `${capital(label)}: de esto hablan ${names}.`,
  },
  fr: {
    ordinals: ['premier', 'deuxième', 'troisième', 'quatrième', 'cinquième', 'sixième', 'septième', 'huitième', 'neuvième', 'dixième'],
    numbered: (n) => `la source numéro ${n}`,
    nouns: { page: 'article', document: 'document', text: 'texte' },
    named: (ordinal, noun) => `le ${ordinal} ${noun}`,
    quote: (title) => `« ${title} »`,
    says: (name, title) => `${capital(name)}${title ? `, ${title},` : ''} le dit ainsi.`,
    lineup: (names) => `Nous réunissons ces sources : ${names}.`,
    compare: (label, names) => `${capital(label)} : ${names} en parlent.`,
  },
  it: {
    ordinals: ['primo', 'secondo', 'terzo', 'quarto', 'quinto', 'sesto', 'settimo', 'ottavo', 'nono', 'decimo'],
    numbered: (n) => `la fonte numero ${n}`,
    nouns: { page: 'articolo', document: 'documento', text: 'testo' },
    named: (ordinal, noun) => `il ${ordinal} ${noun}`,
    quote: (title) => `«${title}»`,
    says: (name, title) => `${capital(name)}${title ? `, ${title},` : ''} lo dice così.`,
    lineup: (names) => `Mettiamo insieme queste fonti: ${names}.`,
    compare: (label, names) => `${capital(label)}: ne parlano ${names}.`,
  },
  pt: {
    ordinals: ['primeiro', 'segundo', 'terceiro', 'quarto', 'quinto', 'sexto', 'sétimo', 'oitavo', 'nono', 'décimo'],
    numbered: (n) => `a fonte número ${n}`,
    nouns: { page: 'artigo', document: 'documento', text: 'texto' },
    named: (ordinal, noun) => `o ${ordinal} ${noun}`,
    quote: (title) => `“${title}”`,
    says: (name, title) => `${capital(name)}${title ? `, ${title},` : ''} diz assim.`,
    lineup: (names) => `Reunimos estas fontes: ${names}.`,
    compare: (label, names) => `${capital(label)}: ${names} falam disso.`,
  },
  hi: {
    ordinals: ['पहला', 'दूसरा', 'तीसरा', 'चौथा', 'पाँचवाँ', 'छठा', 'सातवाँ', 'आठवाँ', 'नौवाँ', 'दसवाँ'],
    numbered: (n) => `स्रोत संख्या ${n}`,
    nouns: { page: 'लेख', document: 'दस्तावेज़', text: 'पाठ' },
    named: (ordinal, noun) => `${ordinal} ${noun}`,
    quote: (title) => `“${title}”`,
    says: (name, title) => `${name}${title ? `, ${title},` : ''} यह कहता है।`,
    lineup: (names) => `इस एपिसोड में ये स्रोत हैं: ${names}।`,
    compare: (label, names) => `${label} — इस पर ${names} बात करते हैं।`,
  },
  ja: {
    ordinals: ['1つ目', '2つ目', '3つ目', '4つ目', '5つ目', '6つ目', '7つ目', '8つ目', '9つ目', '10番目'],
    numbered: (n) => `${n}番目の資料`,
    nouns: { page: '記事', document: '文書', text: 'テキスト' },
    named: (ordinal, noun) => `${ordinal}の${noun}`,
    quote: (title) => `「${title}」`,
    says: (name, title) => `${name}${title ?? ''}はこう述べています。`,
    lineup: (names) => `取り上げる資料は次のとおりです：${names}。`,
    compare: (label, names) => `${label}については、${names}が取り上げています。`,
  },
  zh: {
    ordinals: ['第一', '第二', '第三', '第四', '第五', '第六', '第七', '第八', '第九', '第十'],
    numbered: (n) => `第${n}个来源`,
    nouns: { page: '篇文章', document: '份文件', text: '段文字' },
    named: (ordinal, noun) => `${ordinal}${noun}`,
    quote: (title) => `《${title}》`,
    says: (name, title) => `${name}${title ?? ''}是这样说的。`,
    lineup: (names) => `本期汇集了这些来源：${names}。`,
    compare: (label, names) => `关于${label}，${names}都有讨论。`,
  },
};

export function sourcePhrasing(language: Language): SourcePhrasing {
  const table = TABLES[baseLanguage(language)];
  const list = listFormatter(language);
  const name = (source: NamedSource) => {
    const ordinal = table.ordinals[source.position];
    return ordinal ? table.named(ordinal, table.nouns[NOUN_OF[source.kind]]) : table.numbered(source.position + 1);
  };
  const titled = (source: NamedSource) => (source.title ? table.quote(spokenTitle(source.title)) : null);
  return {
    name,
    says: (source) => table.says(name(source), titled(source)),
    lineup: (sources) => table.lineup(list(sources.map((source) => titled(source) ?? name(source)))),
    compare: (label, sources) => table.compare(label, list(sources.map(name)), sources.length),
  };
}

/**
 * Everything the hosts say about sources, with `slot` where a name, a title or a list
 * goes: what host-phrasing.ts recognises as the hosts' framing (show notes leave it out).
 */
export function sourceFramingTexts(language: Language, slot: string): string[] {
  const table = TABLES[baseLanguage(language)];
  return [table.says(slot, table.quote(slot)), table.says(slot, null), table.lineup(slot), table.compare(slot, slot, 2), table.compare(slot, slot, 3)];
}

/** Longest title said in full; a longer one is cut at a word. */
const MAX_SPOKEN_TITLE = 80;

/** A title as a host says it: a site's name after a bar or dash dropped, cut at a word past the bound, no closing punctuation. */
function spokenTitle(title: string): string {
  const bare = (title.split(/\s+[|\u2013\u2014]\s+/u)[0] ?? title).replace(/\s+/gu, ' ').trim();
  const cut = bare.length > MAX_SPOKEN_TITLE ? bare.slice(0, bare.lastIndexOf(' ', MAX_SPOKEN_TITLE)) || bare.slice(0, MAX_SPOKEN_TITLE) : bare;
  return cut.replace(/[\s.:;,!?。！？]+$/u, '');
}
