/**
 * Full-text retrieval for Chinese (and mixed Latin) text: tokens are the words of
 * `Intl.Segmenter('zh')` plus the character bigrams and single characters of every run of Chinese
 * words between stop words, ranked with BM25F over weighted fields and a document's best passage.
 * The ICU word dictionary alone splits many domain words ('签约' → '签|约', '稿费' → '稿|费');
 * bigrams make those match without a hand-made dictionary, single characters (at a low weight) let
 * other forms of a word meet, and whole words of three or more characters still reward exact phrases.
 *
 * No business rules here: the help module decides what the documents and fields are.
 */

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const CJK_CHAR = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+$/;

/**
 * Words that carry no subject in an author's question ('怎么', '可以', '我的'…): dropped, and no
 * bigram is taken across them. Negations ('不', '没') stay: '没发布', '收不到' ask about something
 * that went wrong, which is what the articles on problems are about.
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
    // Not '多久': how long something takes is the subject of the articles on waiting times ('多久完成').
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
    '会不会',
    '行不行',
    '好不好',
    '在哪',
    '在哪里',
    '哪个',
    '看',
    '查看',
    '看到',
    '看得到',
    '一直',
    '总是',
    '老是',
    '真的',
    '特别',
    '非常',
    '比较',
    '大概',
    // Fillers of a spoken question: how it happened, not what it is about.
    '不小心',
    '一不小心',
    '突然',
    '好像',
    '刚刚',
    '刚才',
    '到底',
    '究竟',
    '居然',
    '竟然',
    // Politeness and whom the question is put to ('求助大佬们，想问一下…'): not its subject.
    '麻烦',
    '求助',
    '请教',
    '想问',
    '问问',
    '咨询',
    '各位',
    '大佬',
    '大佬们',
    '谢谢',
    '感谢',
    // Hedges: '可能没法更新' asks about not updating.
    '可能',
    '也许',
    '估计',
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
  /**
   * What the term weighs in a query, against a bigram across a seam (1): a whole word (the
   * segmenter's, or a bigram that is one) more, a single character much less.
   */
  weight: number;
}

/**
 * A question's whole words (the segmenter's, and bigrams that are words) score this much more than
 * bigrams across a seam: '审核' in an article says more than '核中' does, and a phrase of the
 * question found whole in a title outweighs common characters found apart.
 */
const WORD_WEIGHT = 1.5;
/**
 * Single characters: they let word forms the dictionary does not tie together meet ('删掉' and
 * '删除', '改绑' and '换绑'), at a weight low enough that shared common characters never outweigh a
 * shared word.
 */
const CHAR_WEIGHT = 0.3;
/** A synonym of a question's word stands in for it at this share of its weight. */
const SYNONYM_WEIGHT = 0.6;
const isCjkChar = (token: string) => token.length === 1 && CJK_CHAR.test(token);

function terms(text: string): Term[] {
  const normalized = text.normalize('NFKC').toLowerCase();
  const out: Term[] = [];
  const words = new Set<string>();
  // Runs of Chinese words between stop words and anything else: bigrams are taken inside a run, so
  // none straddles a stop word ('者的', '的评' in '读者的评论').
  const runs: string[] = [];
  let run = '';
  const endRun = () => {
    if (run) runs.push(run);
    run = '';
  };
  for (const { segment, isWordLike } of segmenter.segment(normalized)) {
    if (!isWordLike || STOP_WORDS.has(segment)) {
      endRun();
      continue;
    }
    words.add(segment);
    const cjk = CJK_CHAR.test(segment);
    if (cjk) run += segment;
    else endRun();
    // Two-character words are among the bigrams below, single characters among the unigrams.
    if (!cjk || segment.length > 2) out.push({ token: segment, weight: WORD_WEIGHT });
  }
  endRun();
  for (const r of runs) {
    for (let i = 0; i < r.length; i++) {
      const char = r[i];
      if (!STOP_WORDS.has(char)) out.push({ token: char, weight: CHAR_WEIGHT });
      if (i + 1 < r.length) {
        const bigram = r.slice(i, i + 2);
        if (!STOP_WORDS.has(bigram)) out.push({ token: bigram, weight: words.has(bigram) ? WORD_WEIGHT : 1 });
      }
    }
  }
  return out;
}

/** Tokens of a text, in order, repeated as often as they occur (term frequency counts). */
export function tokenize(text: string): string[] {
  return terms(text).map((t) => t.token);
}

/**
 * The tokens of the texts indexed so far, by text: an index rebuilt after one article changed segments only what
 * changed (segmenting is most of building an index). Emptied when it holds more texts than a few brands' help.
 */
const indexedTokens = new Map<string, string[]>();
const INDEXED_TOKENS_MAX = 100_000;

function tokenizeForIndex(text: string): string[] {
  let tokens = indexedTokens.get(text);
  if (!tokens) {
    if (indexedTokens.size >= INDEXED_TOKENS_MAX) indexedTokens.clear();
    tokens = tokenize(text);
    indexedTokens.set(text, tokens);
  }
  return tokens;
}

export interface IndexedDocument<F extends string> {
  id: string;
  fields: Record<F, string>;
  /**
   * The body, in passages (paragraphs): a document scores as its best passage together with its
   * fields, so words of a question found together in one paragraph count, and the same words
   * scattered over a long body do not add up to an answer.
   */
  passages?: string[];
}

export interface Hit {
  id: string;
  score: number;
  /** Share of the query's weight (sum of idf) found in the document, 0–1: how much of the question it covers. */
  coverage: number;
  /** Query terms found in the document (its fields and its best passage). */
  matched: string[];
  /**
   * The score against the best a document could score on this question (every term of its weight
   * found, saturated), 0–1: like coverage, but a term in the title or keywords counts more than one
   * in passing in the body.
   */
  strength: number;
  /** The passage that scored, by index; -1 when the document has none. */
  passage: number;
}

interface Posting {
  doc: number;
  /** Term frequency per field, in field order. */
  tf: number[];
  /** Term frequency per passage, for the passages that hold the term (none: a document without passages). */
  passages?: Map<number, number>;
}

const K1 = 1.6;
const B = 0.75;

/**
 * BM25F over weighted fields and the best passage: per-field term frequencies, length-normalised per
 * field and weighted, are summed before the saturation, so a term in the title counts as several
 * occurrences in a passage; a document scores as the best of its passages joined to its fields.
 * Inverse document frequencies are over documents.
 */
export class TextIndex<F extends string> {
  readonly #fields: F[];
  readonly #weights: number[];
  readonly #passageWeight: number;
  readonly #ids: string[] = [];
  readonly #lengths: number[][] = [];
  readonly #passageLengths: number[][] = [];
  readonly #avgLength: number[];
  readonly #avgPassageLength: number;
  readonly #postings = new Map<string, Posting[]>();

  constructor(documents: IndexedDocument<F>[], weights: Record<F, number>, passageWeight = 1) {
    this.#fields = Object.keys(weights) as F[];
    this.#weights = this.#fields.map((f) => weights[f]);
    this.#passageWeight = passageWeight;
    const totals = this.#fields.map(() => 0);
    let passageTotal = 0;
    let passageCount = 0;
    documents.forEach((document, doc) => {
      this.#ids.push(document.id);
      const lengths: number[] = [];
      const counts = new Map<string, Posting>();
      const posting = (token: string) => {
        let p = counts.get(token);
        if (!p) {
          p = { doc, tf: this.#fields.map(() => 0) };
          counts.set(token, p);
        }
        return p;
      };
      this.#fields.forEach((field, f) => {
        const tokens = tokenizeForIndex(document.fields[field] ?? '');
        lengths.push(tokens.length);
        totals[f] += tokens.length;
        for (const token of tokens) posting(token).tf[f] += 1;
      });
      const passageLengths: number[] = [];
      (document.passages ?? []).forEach((text, i) => {
        const tokens = tokenizeForIndex(text);
        passageLengths.push(tokens.length);
        passageTotal += tokens.length;
        passageCount += 1;
        for (const token of tokens) {
          const p = posting(token);
          p.passages ??= new Map();
          p.passages.set(i, (p.passages.get(i) ?? 0) + 1);
        }
      });
      this.#lengths.push(lengths);
      this.#passageLengths.push(passageLengths);
      for (const [token, p] of counts) {
        let list = this.#postings.get(token);
        if (!list) {
          list = [];
          this.#postings.set(token, list);
        }
        list.push(p);
      }
    });
    this.#avgLength = totals.map((total) => (documents.length ? total / documents.length || 1 : 1));
    this.#avgPassageLength = passageCount ? passageTotal / passageCount || 1 : 1;
  }

  get size(): number {
    return this.#ids.length;
  }

  /** Whether some document holds every word and bigram of a text (its single characters aside). */
  holds(text: string): boolean {
    const tokens = tokenize(text).filter((t) => t.length > 1);
    return tokens.length > 0 && tokens.every((t) => this.#postings.has(t));
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
    const queryTerms = new Map<string, number>();
    for (const t of terms(query)) queryTerms.set(t.token, Math.max(queryTerms.get(t.token) ?? 0, t.weight));
    if (queryTerms.size === 0 || this.#ids.length === 0) return [];
    // The question's weight: its words, and the bigrams and characters some document holds. A bigram
    // no document holds is mostly the seam between two words ('写了', '能签') and says nothing about
    // the topic; an unknown word ('天气') does, and lowers the coverage of every document.
    let totalWeight = 0;
    for (const [term, weight] of queryTerms)
      if (weight >= WORD_WEIGHT || this.#postings.has(term)) totalWeight += Math.min(1, weight) * this.idf(term);
    // Each term: `factor` weighs it in the score and in the coverage, `boost` in the score only.
    const weighted: Array<{ term: string; factor: number; boost: number; covers: boolean }> = [];
    for (const [term, weight] of queryTerms) {
      const factor = Math.min(1, weight);
      weighted.push({ term, factor, boost: weight / factor, covers: true });
    }
    for (const term of new Set(options.extraTerms ?? [])) {
      if (queryTerms.has(term)) continue;
      weighted.push({ term, factor: SYNONYM_WEIGHT * (isCjkChar(term) ? CHAR_WEIGHT : 1), boost: 1, covers: false });
    }
    // Per document: score and covered weight per passage (index 0 stands for 'no passage' when the
    // document has none), and what each term added.
    const perDoc = new Map<number, { score: number[]; weight: number[]; found: Array<[string, number[] | null]> }>();
    const saturate = (x: number) => (x * (K1 + 1)) / (x + K1);
    for (const { term, factor, boost, covers } of weighted) {
      const postings = this.#postings.get(term);
      if (!postings) continue;
      const idf = this.idf(term);
      for (const { doc, tf, passages } of postings) {
        let fields = 0;
        for (let f = 0; f < tf.length; f++) {
          if (tf[f] === 0) continue;
          const norm = 1 - B + (B * this.#lengths[doc][f]) / this.#avgLength[f];
          fields += (this.#weights[f] * tf[f]) / norm;
        }
        const lengths = this.#passageLengths[doc];
        const slots = Math.max(1, lengths.length);
        let entry = perDoc.get(doc);
        if (!entry) {
          entry = { score: new Array(slots).fill(0), weight: new Array(slots).fill(0), found: [] };
          perDoc.set(doc, entry);
        }
        const base = fields > 0 ? boost * factor * idf * saturate(fields) : 0;
        const inPassages: number[] = [];
        for (let p = 0; p < slots; p++) {
          const ptf = passages?.get(p) ?? 0;
          if (ptf > 0) {
            const norm = 1 - B + (B * lengths[p]) / this.#avgPassageLength;
            entry.score[p] += boost * factor * idf * saturate(fields + (this.#passageWeight * ptf) / norm);
            inPassages.push(p);
          } else entry.score[p] += base;
          if (ptf > 0 || fields > 0) entry.weight[p] += factor * idf;
        }
        if (covers) entry.found.push([term, fields > 0 ? null : inPassages]);
      }
    }
    const hits: Hit[] = [];
    for (const [doc, entry] of perDoc) {
      let best = 0;
      for (let p = 1; p < entry.score.length; p++) if (entry.score[p] > entry.score[best]) best = p;
      const score = entry.score[best];
      if (score <= 0) continue;
      hits.push({
        id: this.#ids[doc],
        score,
        coverage: totalWeight > 0 ? Math.min(1, entry.weight[best] / totalWeight) : 0,
        matched: entry.found.filter(([, at]) => at === null || at.includes(best)).map(([term]) => term),
        strength: totalWeight > 0 ? Math.min(1, score / (totalWeight * (K1 + 1))) : 0,
        passage: this.#passageLengths[doc].length ? best : -1,
      });
    }
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
