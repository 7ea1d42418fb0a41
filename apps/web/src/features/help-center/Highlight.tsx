/** Marks every occurrence of the search's matched terms in a text (longest first), as plain text. */
export function Highlight({ text, terms }: { text: string; terms: string[] }) {
  const usable = [...new Set(terms.filter((t) => t.trim().length > 0))].sort((a, b) => b.length - a.length);
  if (usable.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${usable.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text never reorder.
          <mark key={i}>{part}</mark>
        ) : (
          part
        ),
      )}
    </>
  );
}
