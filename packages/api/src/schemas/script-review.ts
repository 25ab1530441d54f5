// Shapes of the script review endpoints.
import Type from 'typebox';
import { MAX_SCRIPT_LINE_CHARACTERS, MAX_SCRIPT_LINES, MAX_SECTION_TITLE_CHARACTERS, SPEAKERS } from '@castwright/core/script-lines';

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

export const ScriptView = Type.Object({
  success: Type.Literal(true),
  episodeId: Type.String(),
  status: Type.String(),
  lines: Type.Array(Type.Object({ index: Type.Integer({ minimum: 0 }), speaker: Type.String(), text: Type.String(), section: Type.Optional(Section) })),
  editable: Type.Boolean({ description: 'true while the episode is in review_script' }),
});

export const ReplaceScriptBody = Type.Object(
  { lines: Type.Array(Type.Object({ speaker: Speaker, text: LineText, section: Type.Optional(Section) }, { additionalProperties: false }), { minItems: 1, maxItems: MAX_SCRIPT_LINES }) },
  { additionalProperties: false },
);

export const EditLineBody = Type.Object(
  { text: Type.Optional(LineText), speaker: Type.Optional(Speaker) },
  { additionalProperties: false, minProperties: 1 },
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
