/** The three marks of the help centre's article format (see ArticleBody's parseArticle). */
export type Mark = 'heading' | 'list' | 'steps';

const IS: Record<Mark, RegExp> = { heading: /^## /, list: /^- /, steps: /^\d+\.\s+/ };
const PREFIX: Record<Mark, (n: number) => string> = {
  heading: () => '## ',
  list: () => '- ',
  steps: (n) => `${n + 1}. `,
};
const ANY_MARK = /^(## |- |\d+\.\s+)/;

/**
 * Marks the lines of the selection (or the cursor's line) as a heading, list items or numbered
 * steps (1., 2., … in order), replacing another mark; when every line already has this mark, takes
 * it off. Blank lines are left alone. Returns the new text and the changed lines' range to select.
 */
export function toggleLines(
  text: string,
  start: number,
  end: number,
  mark: Mark,
): { text: string; start: number; end: number } {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  // A selection ending just after a line break does not take in the line below it.
  const last = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const nextBreak = text.indexOf('\n', Math.max(last, from));
  const to = nextBreak === -1 ? text.length : nextBreak;
  const lines = text.slice(from, to).split('\n');
  const filled = lines.filter((l) => l.trim() !== '');
  const remove = filled.length > 0 && filled.every((l) => IS[mark].test(l));
  let n = 0;
  const block = lines
    .map((line) => {
      if (line.trim() === '') return line;
      return remove ? line.replace(IS[mark], '') : PREFIX[mark](n++) + line.replace(ANY_MARK, '');
    })
    .join('\n');
  return { text: text.slice(0, from) + block + text.slice(to), start: from, end: from + block.length };
}
