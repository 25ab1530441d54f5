// The stored form of an episode's source text: plain text with a small Markdown-like
// convention, so headings, paragraphs, lists and tables survive ingestion as structure
// and the LLM reads it as the Markdown it resembles. One block per blank-line-separated
// chunk:
//   `# Title`, `## Section`, `### Subsection`   a heading (levels 1–3)
//   `- item` lines                              a list, one item per line
//   `| cell | cell |` lines                     a table, one row per line (never read aloud)
//   anything else                               a paragraph, on one line
// Text stored before this convention (plain paragraphs) parses as paragraphs.

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; rows: string[][] };

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;
const LIST_ITEM = /^- (.*)$/;

export function formatStructuredText(blocks: readonly Block[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'heading':
          return `${'#'.repeat(block.level)} ${block.text}`;
        case 'paragraph':
          // A paragraph that happens to begin like a marker must not read back as one.
          return block.text.replace(/^(#+|-|\|)(?=\s)/, '').trim();
        case 'list':
          return block.items.map((item) => `- ${item}`).join('\n');
        case 'table':
          return block.rows.map((row) => `| ${row.map((cell) => cell.replaceAll('|', '/')).join(' | ')} |`).join('\n');
      }
      return '';
    })
    .filter((chunk) => chunk !== '')
    .join('\n\n');
}

export function parseStructuredText(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    const lines = chunk.split('\n').map((line) => line.trim()).filter((line) => line !== '');
    if (lines.length === 0) continue;
    const heading = lines.length === 1 ? HEADING.exec(lines[0] as string) : null;
    if (heading) {
      blocks.push({ kind: 'heading', level: Math.min(3, (heading[1] as string).length) as 1 | 2 | 3, text: (heading[2] as string).trim() });
    } else if (lines.every((line) => LIST_ITEM.test(line))) {
      blocks.push({ kind: 'list', items: lines.map((line) => (LIST_ITEM.exec(line)?.[1] ?? '').trim()).filter((item) => item !== '') });
    } else if (lines.every((line) => line.startsWith('|'))) {
      blocks.push({ kind: 'table', rows: lines.map((line) => line.replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim())) });
    } else {
      blocks.push({ kind: 'paragraph', text: lines.join(' ') });
    }
  }
  return blocks;
}
