// The article a host puts before a thing the source talks about, in the languages that
// have articles: the definite one the text writes with it, and, for a thing the text only
// introduces ("una danza", "une île", "un'isola", "uma abelha"), the definite article of
// the same gender and number, elided before a vowel where the language elides it. Read
// through the source analysis and the built-in writer's opening, as a listener hears it.
import t from 'tap';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import type { ScriptRequest } from '@castwright/content/script/script-writer';
import { readSourceDocument, withArticle } from '@castwright/content/script/source-document';
import type { Language } from '@castwright/core/languages';

/** What a host says for `noun` (the phrase it heads, as the analysis keyed it). */
function said(text: string, language: Language, noun: string): string {
  const document = readSourceDocument(text, language);
  const key = [...document.determiners.keys()].map((entry) => entry.split('|')[0] as string).find((entry) => entry.split(' ')[0] === noun);
  if (key === undefined) throw new Error(`no phrase headed by ${noun} in ${[...document.determiners.keys()].join(', ')}`);
  return withArticle(document, key, noun);
}

void t.test('a thing the text introduces with an indefinite article takes the definite one of its gender and number', async (t) => {
  const cases: [Language, string, string, string][] = [
    ['es', 'Las abejas se comunican con una danza. La danza de la colmena es larga.', 'danza', 'la danza'],
    ['es', 'Un faro guía a los barcos. Un faro necesita un farero.', 'faro', 'el faro'],
    ['es', 'Unas señales salen del faro.', 'señales', 'las señales'],
    ['fr', 'Une abeille trouve des fleurs. Elle revient vite.', 'abeille', "l'abeille"],
    ['fr', 'Un chemin mène au phare.', 'chemin', 'le chemin'],
    ['fr', 'Une histoire commence ici.', 'histoire', "l'histoire"],
    ['it', "Un'ape trova i fiori. Torna presto.", 'ape', "l'ape"],
    ['it', 'Un amico arriva. Resta a lungo.', 'amico', "l'amico"],
    ['it', 'Uno sciame segue la regina.', 'sciame', 'lo sciame'],
    ['it', 'Un sentiero porta al faro.', 'sentiero', 'il sentiero'],
    ['pt-BR', 'Uma abelha encontra flores.', 'abelha', 'a abelha'],
    ['pt-BR', 'Um enxame segue a rainha.', 'enxame', 'o enxame'],
  ];
  for (const [language, text, key, expected] of cases) t.equal(said(text, language, key), expected, `${language}: "${text}" → ${expected}`);
});

void t.test('the written article still wins, and a name stays bare', async (t) => {
  t.equal(said('El faro es alto. El faro brilla. Un faro nuevo llegó.', 'es', 'faro'), 'el faro');
  t.equal(said("L'île est loin. On voit l'île du port.", 'fr', 'île'), "l'île");
  t.equal(said('Maria visita Lisboa. Maria gosta de Lisboa.', 'pt-BR', 'lisboa'), 'lisboa', 'bare where the text never writes an article');
});

void t.test("the built-in writer's opening names what the Spanish text introduces with its article", async (t) => {
  const text = 'Las abejas se comunican con una danza. El ángulo de la danza indica a las otras abejas la dirección de la comida con respecto al sol. La duración del meneo les dice a qué distancia está. Una sola colmena puede seguir así decenas de campos de flores.';
  const request: ScriptRequest = {
    text,
    sources: [{ index: 0, kind: 'text', title: null, text, language: 'es' }],
    minutes: 1,
    hostMode: 'multi',
    voiceStyle: 'professional',
    voicePair: 'expert-curious',
    pace: { wordsPerMinute: { 'Host 1': 160, 'Host 2': 180 }, pauseMsBetweenTurns: 450, pauseMsWithinSpeaker: 250, leadInMs: 300, leadOutMs: 400 },
    language: 'es',
  };
  const opening = writeOfflineScript(request).lines.slice(0, 2).map((line) => line.text).join(' ');
  t.match(opening, /las abejas y la danza/, opening);
  t.notMatch(opening, /\by danza\b/);
});
