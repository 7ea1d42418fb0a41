import type { ReactNode } from 'react';

type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'steps'; items: string[] }
  | { kind: 'paragraph'; lines: string[] };

/**
 * The article format of the help centre (plain text, never HTML): paragraphs separated by blank
 * lines; '## ' a heading, '- ' a list item, '1. ' a numbered step.
 */
export function parseArticle(body: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of body.split(/\n\s*\n/)) {
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: 'paragraph', lines: paragraph });
      paragraph = [];
    };
    for (const raw of chunk.split('\n')) {
      const line = raw.trim();
      if (!line) continue;
      const last = blocks[blocks.length - 1];
      if (line.startsWith('## ')) {
        flush();
        blocks.push({ kind: 'heading', text: line.slice(3).trim() });
      } else if (line.startsWith('- ')) {
        flush();
        if (last?.kind === 'list' && paragraph.length === 0) last.items.push(line.slice(2).trim());
        else blocks.push({ kind: 'list', items: [line.slice(2).trim()] });
      } else if (/^\d+\.\s/.test(line)) {
        flush();
        const text = line.replace(/^\d+\.\s+/, '');
        if (last?.kind === 'steps' && paragraph.length === 0) last.items.push(text);
        else blocks.push({ kind: 'steps', items: [text] });
      } else {
        paragraph.push(line);
      }
    }
    flush();
    // A blank line ends a list: the next list is a new one.
    blocks.push({ kind: 'paragraph', lines: [] });
  }
  return blocks.filter((b) => b.kind !== 'paragraph' || b.lines.length > 0);
}

export function ArticleBody({ body }: { body: string }) {
  const out: ReactNode[] = parseArticle(body).map((block, i) => {
    switch (block.kind) {
      case 'heading':
        // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one article never reorder.
        return <h2 key={i}>{block.text}</h2>;
      case 'list':
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one article never reorder.
          <ul key={i}>
            {block.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items of a list never reorder.
              <li key={j}>{item}</li>
            ))}
          </ul>
        );
      case 'steps':
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one article never reorder.
          <ol key={i}>
            {block.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items of a list never reorder.
              <li key={j}>{item}</li>
            ))}
          </ol>
        );
      default:
        // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one article never reorder.
        return <p key={i}>{block.lines.join('\n')}</p>;
    }
  });
  return <div className="ac-help-article__body">{out}</div>;
}
