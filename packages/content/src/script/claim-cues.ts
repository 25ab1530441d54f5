// Cues in a source sentence the built-in writer's formats look for, in each language it
// speaks: a caveat (a contrast or limit the source admits: a debate's other side reads it
// as its evidence), a hedge (a claim made only as a possibility: a critique names it), and
// a figure (a number: a listener reacts to it). Word lists, not understanding: a sentence
// that carries one is a candidate, and the formats read it as the source wrote it.
import { baseLanguage, type BaseLanguage, type Language } from '@castwright/core/languages';

const CAVEATS: Record<BaseLanguage, RegExp> = {
  en: /\b(however|but|although|though|yet|despite|except|unless|whereas|only|never|fail(?:s|ed)?|limit(?:s|ed)?|risks?|problems?|critics?|doubts?)\b/i,
  es: /\b(sin embargo|pero|aunque|a pesar|excepto|solo|sólo|nunca|falla|límite|riesgo|problema|críticos?|dudas?)\b/i,
  fr: /\b(cependant|mais|bien que|pourtant|malgré|sauf|seulement|jamais|échou\w*|limite|risque|problème|critiques?|doutes?)\b/i,
  it: /\b(tuttavia|ma|però|sebbene|nonostante|tranne|solo|mai|fallisc\w*|limite|rischio|problema|critic[io]|dubbi?)\b/i,
  pt: /\b(porém|mas|embora|apesar|exceto|apenas|nunca|falh\w*|limite|risco|problema|críticos?|dúvidas?)\b/i,
  hi: /(लेकिन|परंतु|हालाँकि|फिर भी|केवल|सिर्फ|कभी नहीं|जोखिम|समस्या|आलोचक)/u,
  ja: /(しかし|ただし|だが|一方|のみ|限界|リスク|問題|批判)/u,
  zh: /(但是|然而|虽然|不过|只有|仅|风险|问题|批评|局限)/u,
};

const HEDGES: Record<BaseLanguage, RegExp> = {
  en: /\b(may|might|possibly|perhaps|probably|likely|suggests?|appears? to|seems? to)\b/i,
  es: /\b(podría|podrían|quizás?|tal vez|posiblemente|probablemente|parece|sugiere)\b/i,
  fr: /\b(pourrait|pourraient|peut-être|semble|sembleraient?|probablement|possiblement|suggère)\b/i,
  it: /\b(potrebbe|potrebbero|forse|sembra|probabilmente|possibilmente|suggerisce)\b/i,
  pt: /\b(poderia|poderiam|talvez|parece|provavelmente|possivelmente|sugere)\b/i,
  hi: /(शायद|संभवतः|संभव है|लगता है)/u,
  ja: /(かもしれ|可能性|ようだ|と思われ|とみられ)/u,
  zh: /(可能|也许|似乎|或许|大概)/u,
};

/** A contrast or limit the sentence admits. */
export function hasCaveat(text: string, language: Language): boolean {
  return CAVEATS[baseLanguage(language)].test(text);
}

/** A claim made only as a possibility. */
export function isHedged(text: string, language: Language): boolean {
  return HEDGES[baseLanguage(language)].test(text);
}

/** English numbers said in words, which a listener hears as figures too. */
const ENGLISH_FIGURES = /\b(hundreds?|thousands?|millions?|billions?|percent|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b/i;

/** A number: written in digits (in any script), or an English one in words. */
export function hasFigure(text: string): boolean {
  return /\p{Nd}/u.test(text) || ENGLISH_FIGURES.test(text);
}
