// What the analysis of a language other than English needs to know that Intl.Segmenter
// does not say: its stop words (stopwords-iso, a maintained list per language), the words
// that join two nouns into one phrase ("faro de Alejandría", "灯台の歴史"), where a
// phrase's head noun sits, its definite articles (and the words that carry one: a
// contraction, "del" → "el", or an indefinite article, the definite of the same gender and
// number, "una" → "la": a thing the text introduces with "una" is "la" thing once known),
// the articles that elide before a vowel ("le" → "l'île"), elided articles to split off
// ("l'île"), abbreviations a sentence does
// not end at, and the words a sentence opens with when it leans on the one before.
import stopwordsIso from 'stopwords-iso' with { type: 'json' };
import type { BaseLanguage } from '@castwright/core/languages';

export type AnalysedLanguage = Exclude<BaseLanguage, 'en'>;

export interface LanguageProfile {
  language: AnalysedLanguage;
  stopWords: ReadonlySet<string>;
  /** Letters have case (Latin script); Devanagari, kana and Han do not. */
  cased: boolean;
  /** Words are written apart; Japanese and Chinese are not. */
  spaced: boolean;
  links: ReadonlySet<string>;
  /** Without a link word, the head noun is the first word (Romance: noun, then adjective) or the last. */
  headFirst: boolean;
  /** A word written before a noun → the definite article it carries (articles map to themselves, indefinite ones to the definite of their gender and number). */
  articles: Readonly<Record<string, string>>;
  /** Definite articles that elide (to `elided`) before a word `before` matches ("la" + "île" → "l'île"). */
  elides?: { articles: ReadonlySet<string>; before: RegExp; elided: string };
  /** An elided article or preposition glued to the next word, split off as a word of its own. */
  elision?: RegExp;
  /** Lower-case abbreviations with their dot, after which a sentence goes on. */
  abbreviations: ReadonlySet<string>;
  /** First words of a sentence that needs the one before it ("sin embargo", "それ", "但是"), in lower case. */
  leaning: readonly string[];
}

const stopLists: Record<string, string[]> = stopwordsIso;
const set = (words: string) => new Set(words.split(' '));
const stops = (language: string, extra = '') => new Set([...(stopLists[language] ?? []), ...(extra ? extra.split(' ') : [])]);

const PROFILES: Record<AnalysedLanguage, LanguageProfile> = {
  es: {
    language: 'es',
    stopWords: stops('es'),
    cased: true,
    spaced: true,
    links: set('de del'),
    headFirst: true,
    articles: { el: 'el', la: 'la', los: 'los', las: 'las', del: 'el', al: 'el', un: 'el', una: 'la', unos: 'los', unas: 'las' },
    abbreviations: set('sr. sra. srta. dr. dra. d. dña. ud. uds. etc. p. ej. núm. pág. av. sto. sta.'),
    leaning: 'esto|eso|esta|este|estos|estas|ese|esa|esos|esas|ello|pero|sin embargo|además|también|así|entonces|por eso|por ello|por lo tanto|aunque|ellos|ellas|él|ella'.split('|'),
  },
  fr: {
    language: 'fr',
    stopWords: stops('fr'),
    cased: true,
    spaced: true,
    links: set("de du des d'"),
    headFirst: true,
    articles: { le: 'le', la: 'la', les: 'les', "l'": "l'", du: 'le', au: 'le', aux: 'les', des: 'les', un: 'le', une: 'la' },
    // An h is taken as mute ("l'histoire"), as it mostly is.
    elides: { articles: set('le la'), before: /^[aeiouyàâäæéèêëîïôöœùûüh]/iu, elided: "l'" },
    elision: /^(l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|quoiqu)['’](?=\p{L})/iu,
    abbreviations: set('m. mm. mme. mmes. mlle. dr. pr. st. ste. etc. av. apr. j.-c. p. ex. cf. vol. n°.'),
    leaning: "cela|ceci|ce|cette|ces|il|elle|ils|elles|mais|cependant|pourtant|ainsi|donc|toutefois|néanmoins|ensuite|puis|aussi|c'".split('|'),
  },
  it: {
    language: 'it',
    stopWords: stops('it'),
    cased: true,
    spaced: true,
    links: set("di del dello della dei degli delle dell'"),
    headFirst: true,
    articles: {
      il: 'il', lo: 'lo', la: 'la', i: 'i', gli: 'gli', le: 'le', "l'": "l'",
      del: 'il', dello: 'lo', della: 'la', dei: 'i', degli: 'gli', delle: 'le', "dell'": "l'",
      al: 'il', allo: 'lo', alla: 'la', ai: 'i', agli: 'gli', alle: 'le', "all'": "l'",
      nel: 'il', nello: 'lo', nella: 'la', nei: 'i', negli: 'gli', nelle: 'le', "nell'": "l'",
      sul: 'il', sullo: 'lo', sulla: 'la', sui: 'i', sugli: 'gli', sulle: 'le', "sull'": "l'",
      dal: 'il', dallo: 'lo', dalla: 'la', dai: 'i', dagli: 'gli', dalle: 'le', "dall'": "l'",
      un: 'il', uno: 'lo', una: 'la', "un'": "l'",
    },
    elides: { articles: set('il lo la'), before: /^[aeiouàèéìíòóùú]/iu, elided: "l'" },
    elision: /^(l|un|dell|all|dall|nell|sull|coll|d|c|quest|quell)['’](?=\p{L})/iu,
    abbreviations: set('sig. sigg. sig.ra dott. dott.ssa prof. ing. avv. ecc. pag. es. n. s. sec.'),
    leaning: 'questo|questa|questi|queste|quello|quella|quelli|quelle|ciò|ma|però|tuttavia|inoltre|quindi|dunque|così|anche|infatti|essi|esse|lui|lei'.split('|'),
  },
  pt: {
    language: 'pt',
    stopWords: stops('pt'),
    cased: true,
    spaced: true,
    links: set('de do da dos das'),
    headFirst: true,
    articles: {
      o: 'o', a: 'a', os: 'os', as: 'as',
      do: 'o', da: 'a', dos: 'os', das: 'as', no: 'o', na: 'a', nos: 'os', nas: 'as',
      ao: 'o', à: 'a', aos: 'os', às: 'as', pelo: 'o', pela: 'a', pelos: 'os', pelas: 'as',
      um: 'o', uma: 'a', uns: 'os', umas: 'as',
    },
    abbreviations: set('sr. sra. srta. dr. dra. prof. profa. etc. p. ex. pág. av. nº. séc.'),
    leaning: 'isso|isto|esse|essa|esses|essas|este|esta|estes|estas|aquilo|mas|porém|contudo|entretanto|além disso|assim|então|também|ele|ela|eles|elas'.split('|'),
  },
  hi: {
    language: 'hi',
    // Postpositions and auxiliaries the list lacks.
    stopWords: stops('hi', 'था थी थे हैं होता होती होते करता करती करते गया गई गए रहा रही रहे'),
    cased: false,
    spaced: true,
    links: set('का की के'),
    headFirst: false,
    articles: {},
    abbreviations: set('डॉ. श्री. सं.'),
    leaning: 'यह|ये|वह|वे|इसलिए|लेकिन|परंतु|किंतु|मगर|इसके|उसके|तब|फिर|इससे|उससे'.split('|'),
  },
  ja: {
    language: 'ja',
    stopWords: stops('ja', 'する した して します しました です でした ます ました ある あります いる います なる なり こと もの ため よう'),
    cased: false,
    spaced: false,
    links: set('の'),
    headFirst: false,
    articles: {},
    abbreviations: new Set(),
    leaning: 'これ|それ|あれ|この|その|あの|しかし|でも|また|さらに|そのため|だから|そして|ただし|なお|つまり|彼'.split('|'),
  },
  zh: {
    language: 'zh',
    stopWords: stops('zh'),
    cased: false,
    spaced: false,
    links: set('的'),
    headFirst: false,
    articles: {},
    abbreviations: new Set(),
    leaning: '这|那|它|他|她|但是|但|然而|因此|所以|而且|此外|另外|同时|于是|不过'.split('|'),
  },
};

export function languageProfile(language: AnalysedLanguage): LanguageProfile {
  return PROFILES[language];
}

/**
 * Japanese writes its particles and endings in hiragana: a word of hiragana alone is a
 * function word, and one that ends in hiragana is a verb or adjective with its ending
 * ("始まり", "大きな"), not a name for something; nouns are kanji and katakana.
 */
export function isFunctionWord(profile: LanguageProfile, normal: string): boolean {
  return profile.stopWords.has(normal) || (profile.language === 'ja' && /\p{Script=Hiragana}$/u.test(normal));
}
