// Shapes of the script endpoints: reading and editing an episode's script (in review, or
// after the audio is made) and approving a reviewed one.
import Type from 'typebox';
import { LANGUAGES } from '@castwright/core/languages';
import { MAX_SCRIPT_LINE_CHARACTERS, MAX_SCRIPT_LINES, MAX_SECTION_TITLE_CHARACTERS, SPEAKERS } from '@castwright/core/script-lines';
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

export const ScriptView = Type.Object({
  success: Type.Literal(true),
  episodeId: Type.String(),
  status: Type.String(),
  lines: Type.Array(Type.Object({ index: Type.Integer({ minimum: 0 }), speaker: Type.String(), text: Type.String(), section: Type.Optional(Section), language: Type.Optional(LineLanguage), sourceRefs: SourceRefs })),
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
    lines: Type.Array(Type.Object({ speaker: Speaker, text: LineText, section: Type.Optional(Section), language: Type.Optional(LineLanguage), sourceRefs: Type.Optional(GivenRefs) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: MAX_SCRIPT_LINES,
    }),
  },
  { additionalProperties: false },
);

export const EditLineBody = Type.Object(
  { text: Type.Optional(LineText), speaker: Type.Optional(Speaker), language: Type.Optional(Nullable(LineLanguage)), sourceRefs: Type.Optional(GivenRefs) },
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
