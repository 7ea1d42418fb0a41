/**
 * Paragraph diff for the side-by-side version view (chapter-diff): Myers' O(ND) algorithm over
 * paragraphs, then a deleted paragraph directly followed by an inserted one is shown as a change.
 */

export type DiffRow =
  | { op: 'equal'; left: string; right: string }
  | { op: 'delete'; left: string }
  | { op: 'insert'; right: string }
  | { op: 'change'; left: string; right: string };

type Edit = { op: 'equal' | 'delete' | 'insert'; text: string };

const MAX_EDITS = 4000;

function myers(a: string[], b: string[]): Edit[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    // Texts that share almost nothing: show them as replaced rather than spend memory on a trace.
    if (d > MAX_EDITS)
      return [
        ...a.map((text) => ({ op: 'delete' as const, text })),
        ...b.map((text) => ({ op: 'insert' as const, text })),
      ];
    // Only diagonals -d..d can be read back at step d: keep that slice of the state.
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, d);
    }
  }
  return [];
}

function backtrack(trace: Int32Array[], a: string[], b: string[], dEnd: number): Edit[] {
  const edits: Edit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d];
    const at = (kk: number) => v[kk + d];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      edits.push({ op: 'equal', text: a[--x] });
      y--;
    }
    if (x === prevX) edits.push({ op: 'insert', text: b[--y] });
    else edits.push({ op: 'delete', text: a[--x] });
  }
  while (x > 0 && y > 0) {
    edits.push({ op: 'equal', text: a[--x] });
    y--;
  }
  return edits.reverse();
}

export function paragraphs(text: string): string[] {
  return text.split('\n');
}

export function diffParagraphs(left: string, right: string): DiffRow[] {
  const a = paragraphs(left);
  const b = paragraphs(right);
  // Trim the common head and tail first: most versions differ in a few places.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const middle = myers(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  const edits: Edit[] = [
    ...a.slice(0, head).map((text) => ({ op: 'equal' as const, text })),
    ...middle,
    ...a.slice(a.length - tail).map((text) => ({ op: 'equal' as const, text })),
  ];
  const rows: DiffRow[] = [];
  for (let i = 0; i < edits.length; i++) {
    const e = edits[i];
    if (e.op === 'equal') {
      rows.push({ op: 'equal', left: e.text, right: e.text });
      continue;
    }
    // A run of deletions then insertions pairs up as changes, side by side.
    const dels: string[] = [];
    const ins: string[] = [];
    while (i < edits.length && edits[i].op === 'delete') dels.push(edits[i++].text);
    while (i < edits.length && edits[i].op === 'insert') ins.push(edits[i++].text);
    i--;
    const pairs = Math.min(dels.length, ins.length);
    for (let j = 0; j < pairs; j++) rows.push({ op: 'change', left: dels[j], right: ins[j] });
    for (let j = pairs; j < dels.length; j++) rows.push({ op: 'delete', left: dels[j] });
    for (let j = pairs; j < ins.length; j++) rows.push({ op: 'insert', right: ins[j] });
  }
  return rows;
}
