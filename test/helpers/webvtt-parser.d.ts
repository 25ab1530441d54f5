// webvtt-parser (the W3C validator's WebVTT parser) ships no types; the part the tests use.
declare module 'webvtt-parser' {
  interface CueNode {
    type: 'object' | 'text' | 'timestamp';
    /** Tag name of an object node: `v`, `b`, `i`… */
    name?: string;
    /** The annotation of a `<v>` tag (the speaker), or a text node's text. */
    value?: string;
    children?: CueNode[];
  }

  interface ParsedCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
    tree: { children: CueNode[] };
  }

  interface WebVTTParser {
    parse(input: string, mode?: 'metadata' | 'chapters'): { cues: ParsedCue[]; errors: { message: string; line: number; col: number }[] };
  }

  /** CommonJS: the classes are properties of module.exports. */
  const webvtt: {
    /** `entities`: the named character references to decode (the package's html-entities.json for all of them). */
    WebVTTParser: new (entities?: Record<string, string>) => WebVTTParser;
  };
  export default webvtt;
}
