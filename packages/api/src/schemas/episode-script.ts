// Shapes of the script endpoints: reading and editing an episode's script (in review, or
// after the audio is made) and approving a reviewed one.
import Type from 'typebox';
import { LANGUAGES } from '@castwright/core/languages';
import { MAX_SCRIPT_LINE_CHARACTERS, MAX_SCRIPT_LINES, MAX_SECTION_TITLE_CHARACTERS, SPEAKERS } from '@castwright/core/script-lines';
import { MAX_OVERLAP_MS, MAX_REACTION_CHARACTERS } from '@castwright/core/script-overlaps';
import { MAX_REFS_PER_LINE, SourceRef } from '@castwright/core/source-refs';
import { Nullable } from './common.ts';
import { SourceRefs } from './sources.ts';

const Speaker = Type.Enum([...SPEAKERS], { description: 'One of the episode\'s hosts: `Host 1` alone in a single-host episode, `Host 1` and `Host 2` in a two-host one, `Host 1` to `Host N` for N named hosts' });
const LineText = Type.String({
  minLength: 1,
  maxLength: MAX_SCRIPT_LINE_CHARACTERS,
  description: 'One turn; runs of whitespace (newlines included) become one space',
});
const Section = Type.String({
  minLength: 1,
  maxLength: MAX_SECTION_TITLE_CHARACTERS,
  description: 'Set on the first line of a section: its title, as the host announces it in this line (the chapters follow the sections)',
});

const LineLanguage = Type.Enum([...LANGUAGES], {
  description:
    "Only on a line in another language than the episode's (BCP 47): a short passage of the source kept in its own language, a quote, voiced by a voice of that language. " +
    "Long runs of another language are left out of the script (the episode's `languageNote` says so). Left out: the episode's language.",
});

const AfterWord = Type.Integer({
  minimum: 1,
  maximum: MAX_SCRIPT_LINE_CHARACTERS,
  description: 'The reaction starts in the pause after this word of the line it goes under (1 for its first word; words as Intl.Segmenter counts them, so also in Japanese and Chinese)',
});
const OverlapMs = Type.Integer({
  minimum: 1,
  maximum: MAX_OVERLAP_MS,
  description: `A cut-in: the line starts this many milliseconds before the line before it ends (1 to ${MAX_OVERLAP_MS}; by another host, after a whole line)`,
});

const ReactionView = Type.Object(
  {
    under: Type.Integer({ minimum: 0, description: 'The index of the line it is mixed under: the nearest line before it that is no reaction' }),
    afterWord: AfterWord,
  },
  {
    description:
      `Set on a reaction: a listening host's backchannel or interjection (at most ${MAX_REACTION_CHARACTERS} characters), mixed a few dB lower under the ` +
      'line `under`, starting in the nearest pause of it to word `afterWord` (never on a word; after the line when it has no pause to sit in)',
  },
);

/** A reaction as a change gives it: where it goes in the line before it, or left to the service (the end of the sentence nearest its middle). */
const ReactionInput = Type.Object(
  { afterWord: Type.Optional(AfterWord) },
  { additionalProperties: false, description: `Makes the line a reaction (at most ${MAX_REACTION_CHARACTERS} characters, by another host than the line it goes under); afterWord left out: after the sentence nearest the middle of that line` },
);

export const ScriptView = Type.Object({
  success: Type.Literal(true),
  episodeId: Type.String(),
  status: Type.String(),
  lines: Type.Array(Type.Object({
    index: Type.Integer({ minimum: 0 }),
    speaker: Type.String(),
    text: Type.String(),
    section: Type.Optional(Section),
    language: Type.Optional(LineLanguage),
    sourceRefs: SourceRefs,
    reaction: Type.Optional(ReactionView),
    overlapMs: Type.Optional(OverlapMs),
  })),
  editable: Type.Boolean({ description: 'true in review_script, and in ready or error once a script is written (not while a render runs)' }),
  publishedRevision: Nullable(Type.Integer({ minimum: 1, description: 'The revision whose audio is served; null before the first ready' })),
  pendingChanges: Nullable(Type.Integer({
    minimum: 0,
    description: 'Lines added, removed or changed since the published revision: what `POST /api/episodes/{id}/render` would change; null before the first ready',
  })),
});

/** Sent back on every change, from the script's `ETag`: a change to a script edited meanwhile is a 412. */
export const ScriptIfMatchHeaders = Type.Object({
  'if-match': Type.Optional(Type.String({
    maxLength: 1000,
    description: 'The `ETag` of the script as you read it: the change is refused with 412 `Precondition failed` if the script changed since. Without it the change applies to whatever the script is now.',
  })),
});

/** Refs given with an edit: each must fall inside a read source's text (400 otherwise). */
const GivenRefs = Type.Array(SourceRef, {
  maxItems: MAX_REFS_PER_LINE,
  description: "The line's refs to its sources. Left out: a line keeps its refs only while its text is unchanged (a new or rewritten line has none)",
});

export const ReplaceScriptBody = Type.Object(
  {
    lines: Type.Array(Type.Object({
      speaker: Speaker,
      text: LineText,
      section: Type.Optional(Section),
      language: Type.Optional(LineLanguage),
      sourceRefs: Type.Optional(GivenRefs),
      reaction: Type.Optional(ReactionInput),
      overlapMs: Type.Optional(OverlapMs),
    }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: MAX_SCRIPT_LINES,
    }),
  },
  { additionalProperties: false },
);

export const EditLineBody = Type.Object(
  {
    text: Type.Optional(LineText),
    speaker: Type.Optional(Speaker),
    language: Type.Optional(Nullable(LineLanguage)),
    sourceRefs: Type.Optional(GivenRefs),
    reaction: Type.Optional(Type.Union([ReactionInput, Type.Null()], { description: 'An object makes the line a reaction (or moves it); null makes it a whole turn of its own' })),
    overlapMs: Type.Optional(Type.Union([OverlapMs, Type.Null()], { description: 'A number makes the line a cut-in; null makes it start after the line before it' })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const InsertLineBody = Type.Object(
  {
    index: Type.Integer({ minimum: 0, maximum: MAX_SCRIPT_LINES - 1, description: 'Where the new line goes: 0 before the first line, the number of lines after the last' }),
    speaker: Speaker,
    text: LineText,
    section: Type.Optional(Section),
    sourceRefs: Type.Optional(GivenRefs),
    language: Type.Optional(LineLanguage),
    reaction: Type.Optional(ReactionInput),
    overlapMs: Type.Optional(OverlapMs),
  },
  { additionalProperties: false },
);

export const LineParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  index: Type.Integer({ minimum: 0, maximum: MAX_SCRIPT_LINES - 1 }),
});

export const Approved = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  episode: Type.Object({ id: Type.String(), status: Type.String() }),
});
