/**
 * Full-text retrieval for Chinese (and mixed Latin) text: tokens are the words of
 * `Intl.Segmenter('zh')` plus character bigrams of every CJK run, ranked with BM25F over weighted
 * fields. The ICU word dictionary alone splits many domain words ('签约' → '签|约', '稿费' →
 * '稿|费'); bigrams make those match without a hand-made dictionary, and whole words of three or
 * more characters still reward exact phrases.
 *
 * No business rules here: the help module decides what the documents and fields are.
 */

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const CJK_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
const CJK_CHAR = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+$/;

/**
 * Words that carry no subject in an author's question ('怎么', '可以', '我的'…). Only whole tokens
 * are dropped; they still take part in bigrams with their neighbours, which rarely match anything.
 */
const STOP_WORDS = new Set(
  [
    '的',
    '了',
    '吗',
    '呢',
    '吧',
    '啊',
    '呀',
    '嘛',
    '哦',
    '么',
    '是',
    '在',
    '有',
    '和',
    '与',
    '或',
    '及',
    '就',
    '都',
    '也',
    '还',
    '又',
    '被',
    '把',
    '给',
    '让',
    '对',
    '从',
    '到',
    '会',
    '能',
    '要',
    '想',
    '我',
    '你',
    '您',
    '他',
    '她',
    '它',
    '这',
    '那',
    '哪',
    '个',
    '些',
    '不',
    '没',
    '请',
    '问',
    '下',
    '上',
    '中',
    '里',
    '后',
    '前',
    '时',
    '怎',
    '啥',
    '咋',
    '么',
    '我们',
    '你们',
    '我的',
    '你的',
    '自己',
    '怎么',
    '怎样',
    '怎么样',
    '如何',
    '什么',
    '为什么',
    '为啥',
    '是否',
    '可以',
    '可不可以',
    '能不能',
    '能否',
    '需要',
    '请问',
    '一下',
    '这个',
    '那个',
    '哪里',
    '哪儿',
    '哪些',
    '一个',
    '多少',
    '多久',
    '还是',
    '还有',
    '已经',
    '现在',
    '的话',
    '就是',
    '知道',
    '告诉',
    '应该',
    '我想',
    '想要',
    '有没有',
    '是不是',
    '要不要',
    '什么时候',
    '时候',
    '办法',
    '一般',
    '为何',
    '那么',
    '这么',
    '它们',
    '他们',
    '她们',
    '之间',
    '为了',
    '因为',
    '所以',
    '但是',
    '而且',
    '如果',
    '然后',
    '怎么办',
    '怎么回事',
    '这些',
    '那些',
    '这样',
    '那样',
    '还没',
    '没有',
    '不能',
    '不了',
    '会不会',
    '行不行',
    '好不好',
    '在哪',
    '在哪里',
    '哪个',
    '看',
    '查看',
    '一直',
    '总是',
    '老是',
    '真的',
    '特别',
    '非常',
    '比较',
    '大概',
    'the',
    'a',
    'an',
    'to',
    'of',
    'is',
    'how',
    'what',
    'do',
    'i',
    'my',
  ].map((w) => w.toLowerCase()),
);

interface Term {
  token: string;
  /** A word of the segmenter (or a bigram that is one); other bigrams may straddle two words. */
  word: boolean;
}

function terms(text: string): Term[] {
  const normalized = text.normalize('NFKC').toLowerCase();
  const out: Term[] = [];
  const words = new Set<string>();
  for (const { segment, isWordLike } of segmenter.segment(normalized)) {
    if (!isWordLike || STOP_WORDS.has(segment)) continue;
    words.add(segment);
    // Two-character words are already among the bigrams below.
    if (!CJK_CHAR.test(segment) || segment.length !== 2) out.push({ token: segment, word: true });
  }
  for (const run of normalized.match(CJK_RUN) ?? []) {
    for (let i = 0; i + 1 < run.length; i++) {
      const bigram = run.slice(i, i + 2);
      if (!STOP_WORDS.has(bigram)) out.push({ token: bigram, word: words.has(bigram) });
    }
  }
  return out;
}

/** Tokens of a text, in order, repeated as often as they occur (term frequency counts). */
export function tokenize(text: string): string[] {
  return terms(text).map((t) => t.token);
}

export interface IndexedDocument<F extends string> {
  id: string;
  fields: Record<F, string>;
}

export interface Hit {
  id: string;
  score: number;
  /** Share of the query's weight (sum of idf) found in the document, 0–1: how much of the question it covers. */
  coverage: number;
  /** Query terms found in the document. */
  matched: string[];
}

interface Posting {
  doc: number;
  /** Term frequency per field, in field order. */
  tf: number[];
}

const K1 = 1.2;
const B = 0.75;

/**
 * BM25F: per-field term frequencies, length-normalised per field and weighted, are summed before
 * the saturation, so a term in the title counts as several occurrences in the body.
 */
export class TextIndex<F extends string> {
  readonly #fields: F[];
  readonly #weights: number[];
  readonly #ids: string[] = [];
  readonly #lengths: number[][] = [];
  readonly #avgLength: number[];
  readonly #postings = new Map<string, Posting[]>();

  constructor(documents: IndexedDocument<F>[], weights: Record<F, number>) {
    this.#fields = Object.keys(weights) as F[];
    this.#weights = this.#fields.map((f) => weights[f]);
    const totals = this.#fields.map(() => 0);
    documents.forEach((document, doc) => {
      this.#ids.push(document.id);
      const lengths: number[] = [];
      const counts = new Map<string, number[]>();
      this.#fields.forEach((field, f) => {
        const tokens = tokenize(document.fields[field] ?? '');
        lengths.push(tokens.length);
        totals[f] += tokens.length;
        for (const token of tokens) {
          let tf = counts.get(token);
          if (!tf) {
            tf = this.#fields.map(() => 0);
            counts.set(token, tf);
          }
          tf[f] += 1;
        }
      });
      this.#lengths.push(lengths);
      for (const [token, tf] of counts) {
        let list = this.#postings.get(token);
        if (!list) {
          list = [];
          this.#postings.set(token, list);
        }
        list.push({ doc, tf });
      }
    });
    this.#avgLength = totals.map((total) => (documents.length ? total / documents.length || 1 : 1));
  }

  get size(): number {
    return this.#ids.length;
  }

  /** Inverse document frequency; a term no document holds weighs as much as the rarest. */
  idf(term: string): number {
    const n = this.#ids.length;
    const df = this.#postings.get(term)?.length ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /**
   * Ranks documents for a query. `extraTerms` (synonyms of the question's words) count at a reduced
   * weight, towards the score and towards the coverage (they stand in for the words they replace).
   */
  search(query: string, options: { limit?: number; extraTerms?: string[] } = {}): Hit[] {
    const queryTerms = new Map<string, boolean>();
    for (const t of terms(query)) queryTerms.set(t.token, (queryTerms.get(t.token) ?? false) || t.word);
    if (queryTerms.size === 0 || this.#ids.length === 0) return [];
    const extra = [...new Set(options.extraTerms ?? [])].filter((t) => !queryTerms.has(t));
    // The question's weight: its words, and the bigrams some document holds. A bigram no document
    // holds is mostly the seam between two words ('写了', '能签') and says nothing about the topic;
    // an unknown word ('天气') does, and lowers the coverage of every document.
    let totalWeight = 0;
    for (const [term, word] of queryTerms) if (word || this.#postings.has(term)) totalWeight += this.idf(term);
    const scores = new Map<number, { score: number; weight: number; matched: string[] }>();
    const add = (term: string, countsForCoverage: boolean, factor: number) => {
      const postings = this.#postings.get(term);
      if (!postings) return;
      const idf = this.idf(term);
      for (const { doc, tf } of postings) {
        let weighted = 0;
        for (let f = 0; f < tf.length; f++) {
          if (tf[f] === 0) continue;
          const norm = 1 - B + (B * this.#lengths[doc][f]) / this.#avgLength[f];
          weighted += (this.#weights[f] * tf[f]) / norm;
        }
        const entry = scores.get(doc) ?? { score: 0, weight: 0, matched: [] };
        entry.score += factor * idf * ((weighted * (K1 + 1)) / (weighted + K1));
        entry.weight += factor * idf;
        if (countsForCoverage) entry.matched.push(term);
        scores.set(doc, entry);
      }
    };
    for (const term of queryTerms.keys()) add(term, true, 1);
    for (const term of extra) add(term, false, 0.6);
    const hits: Hit[] = [...scores].map(([doc, s]) => ({
      id: this.#ids[doc],
      score: s.score,
      coverage: totalWeight > 0 ? Math.min(1, s.weight / totalWeight) : 0,
      matched: s.matched,
    }));
    hits.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
    return options.limit ? hits.slice(0, options.limit) : hits;
  }
}

/**
 * The paragraphs of a text that best answer a query, best first: scored by the idf of the query
 * terms each contains (once per term), so the passage that names the most specific words wins; an
 * earlier paragraph wins a near tie (articles lead with the answer to their title).
 */
export function rankPassages(
  passages: string[],
  query: string,
  idf: (term: string) => number,
  extraTerms: string[] = [],
): Array<{ index: number; score: number }> {
  const terms = new Set([...tokenize(query), ...extraTerms]);
  return passages
    .map((passage, index) => {
      const own = new Set(tokenize(passage));
      let score = 0;
      for (const term of terms) if (own.has(term)) score += idf(term);
      return { index, score: score / (1 + 0.15 * index) };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index);
}
