// Which source sentences the built-in writer reads out, for a budget of words: the
// budget is shared between sections by how much each has to say (every section that
// gets a share keeps at least its best passage, and when the budget is too small for
// all of them the most central sections are kept); inside a section the most central
// sentences win. A sentence that leans on the one before it ("This meant…") comes
// only with it. Whatever is chosen is read in the source's order. With several sources,
// every source keeps a section before any source gets a second one, so none is left out
// unless the budget cannot hold a section for each.
import type { SourceDocument, SourceSentence } from './source-document.ts';

/** Below this many words (about 45 seconds) a section is not worth a transition, a question and a chapter of its own. */
const MIN_SECTION_WORDS = 110;

interface Unit {
  sentences: SourceSentence[];
  words: number;
  score: number;
}

/** Chosen sentences per section index, each list in reading order. */
export function selectSentences(document: SourceDocument, wordBudget: number): Map<number, SourceSentence[]> {
  const unitsBySection = document.sections.map((section) => units(section.sentences));
  // Words each section could give: its distinct speakable sentences (a sentence in two units counts once).
  const available = unitsBySection.map((list) => [...new Set(list.flatMap((unit) => unit.sentences))].reduce((sum, sentence) => sum + sentence.words, 0));
  const total = available.reduce((sum, words) => sum + words, 0);
  const chosen = new Map<number, SourceSentence[]>();
  if (total === 0 || wordBudget <= 0) return chosen;

  // The sections kept: all when the budget allows a fair share each, else the most central,
  // and never so few that they hold less than the budget (small sections would then jump
  // the length from one whole section to the next instead of trimming to it).
  const candidates = document.sections.map((_, index) => index).filter((index) => (available[index] ?? 0) > 0);
  // A part of a theme several sources share weighs as an opening does: the comparison is what several sources are for.
  const weight = (index: number) => importance(unitsBySection[index] as Unit[], index) + (document.sections[index]?.theme ? 1 : 0);
  const ranked = everySourceFirst(document, [...candidates].sort((a, b) => weight(b) - weight(a)));
  let enough = 0;
  for (let held = 0; enough < ranked.length && held < wordBudget; enough += 1) held += available[ranked[enough] as number] ?? 0;
  const affordable = wordBudget >= total ? candidates.length : Math.max(1, Math.floor(wordBudget / MIN_SECTION_WORDS), enough);
  const kept = new Set(candidates.length <= affordable ? candidates : ranked.slice(0, affordable));
  const keptWords = [...kept].reduce((sum, index) => sum + (available[index] ?? 0), 0);

  let carried = 0;
  for (const index of candidates) {
    if (!kept.has(index)) continue;
    const share = (wordBudget * (available[index] ?? 0)) / keptWords + carried;
    const picked: Unit[] = [];
    let used = 0;
    for (const unit of [...(unitsBySection[index] as Unit[])].sort((a, b) => b.score - a.score)) {
      if (picked.length > 0 && used + unit.words > share) continue;
      picked.push(unit);
      used += unit.words;
    }
    carried = share - used;
    const sentences = [...new Set(picked.flatMap((unit) => unit.sentences))].sort((a, b) => a.index - b.index);
    chosen.set(index, sentences);
  }
  return chosen;
}

/** Candidate passages: each speakable sentence, with the speakable sentences it leans on in its paragraph. */
function units(sentences: readonly SourceSentence[]): Unit[] {
  const result: Unit[] = [];
  sentences.forEach((sentence, position) => {
    if (!sentence.speakable) return;
    const members = [sentence];
    let at = position;
    while ((members[0] as SourceSentence).leansOnPrevious) {
      const before = sentences[at - 1];
      if (!before || !before.speakable || before.paragraph !== sentence.paragraph) return;
      members.unshift(before);
      at -= 1;
    }
    const words = members.reduce((sum, member) => sum + member.words, 0);
    // An opening sentence of a section sets the scene: a small lead over its neighbours.
    const lead = position === 0 ? 1.25 : 1;
    result.push({ sentences: members, words, score: (sentence.score * lead) / Math.sqrt(members.length) });
  });
  return result;
}

/** Sections ranked so that each source's best comes before any source's second best (a text read alone: unchanged). */
function everySourceFirst(document: SourceDocument, ranked: readonly number[]): number[] {
  const covered = new Set<number>();
  const first: number[] = [];
  const rest: number[] = [];
  for (const index of ranked) {
    const source = document.sections[index]?.source ?? 0;
    if (covered.has(source)) rest.push(index);
    else {
      covered.add(source);
      first.push(index);
    }
  }
  return [...first, ...rest];
}

function importance(list: readonly Unit[], index: number): number {
  const best = [...list].sort((a, b) => b.score - a.score).slice(0, 3);
  return best.reduce((sum, unit) => sum + unit.score, 0) + (index === 0 ? 1 : 0);
}
