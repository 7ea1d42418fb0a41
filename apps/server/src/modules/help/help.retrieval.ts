import { rankPassages, TextIndex, tokenize } from '../../platform/providers/ai/text-index.ts';
import type { ArticleRow, CategoryRow } from './help.repository.ts';

/**
 * The help centre's retrieval: one in-memory index per brand over its published articles, used by
 * the help centre's search and by the AI assistant alike.
 */

export const HELP_HOME_PATH = '/front/help-center/home';
export const questionIds = (categoryNumber: number, articleNumber: number) => `${categoryNumber}-${articleNumber}`;
export const questionPath = (ids: string) => `/front/help-center/questions/${ids}`;

/** Field weights: a word in the title says most about what the article answers. */
const FIELD_WEIGHTS = { title: 3, keywords: 2, body: 1 };

/**
 * A question's share of weight an article must cover to count as an answer at all. Below it the
 * match is a coincidence of common words ('作品', '设置'), and the assistant says it found nothing.
 */
export const MIN_COVERAGE = 0.3;
/** Further answers ('换一换') must score at least this share of the best one to stay on topic. */
const RELATIVE_SCORE = 0.3;
const MAX_CANDIDATES = 5;
/** Passages quoted in an answer, at most this long together. */
const MAX_ANSWER_CHARS = 420;

/**
 * What authors say for what the articles say. Expansions count towards the ranking (at a lower
 * weight) but not towards how much of the question is covered.
 */
const SYNONYMS: Array<[RegExp, string]> = [
  [/稿费|工资|薪水|收益|赚钱|挣钱|钱/, '稿酬 收入'],
  [/到账|打款|打钱|发钱|给钱|汇款|打到|到卡|卡里|提现|取钱/, '发放 稿酬 银行卡'],
  [/崩了|崩溃|闪退|卡死|死机|白写/, '丢失 自动保存'],
  [/登不上|登录不了|进不去/, '登录'],
  [/合约|签合同/, '合同 签约'],
  [/上线|看到|看得到|搜到|搜不到|发到app|在app/i, '上架'],
  [/书/, '作品'],
  [/断更|停更|休息|歇|不更/, '请假'],
  [/错字|错别字|挑错/, '纠错 错别字'],
  [/机器人|智能客服|小助手/, 'AI助理'],
  [/开书|开新书|新书|建书/, '创建 作品'],
  [/马甲|小号|多个号/, '多个笔名'],
  [/忘了密码|密码忘/, '忘记密码 找回密码'],
  [/存稿/, '定时发布 草稿'],
  [/卡号|银行账户|收款/, '银行卡'],
  [/勋章|徽章|奖章/, '勋章'],
  [/编辑大大|我的编辑|找编辑/, '责任编辑 联系编辑'],
  [/收费|付费/, '付费'],
  [/字数要求|几万字|多少字/, '字数 签约条件'],
];

export function expansionsFor(question: string): string[] {
  const extra: string[] = [];
  for (const [pattern, words] of SYNONYMS) if (pattern.test(question)) extra.push(...tokenize(words));
  return extra;
}

export interface IndexedArticle {
  id: number;
  number: number;
  categoryNumber: number;
  categoryName: string;
  title: string;
  ids: string;
  /** Display passages: blocks of the body, a lone heading or lead-in line joined to what follows. */
  passages: string[];
}

export interface RetrievedArticle {
  article: IndexedArticle;
  score: number;
  coverage: number;
  matched: string[];
  /** The passages that answer the question, in the article's order. */
  passages: string[];
}

function displayLine(line: string): string {
  if (line.startsWith('## ')) return `【${line.slice(3).trim()}】`;
  if (line.startsWith('- ')) return `· ${line.slice(2).trim()}`;
  return line;
}

export function passagesOf(body: string): string[] {
  const blocks = body
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  const out: string[] = [];
  let lead = '';
  for (const block of blocks) {
    const lines = block.split('\n').map((l) => l.trim());
    const text = lines.map(displayLine).join('\n');
    const leadOnly = lines.length === 1 && (lines[0].startsWith('## ') || /[：:]$/.test(lines[0]));
    if (leadOnly) {
      lead = lead ? `${lead}\n${text}` : text;
      continue;
    }
    out.push(lead ? `${lead}\n${text}` : text);
    lead = '';
  }
  if (lead) out.push(lead);
  return out;
}

/** Body text without its markup, for the index. */
function plainBody(body: string): string {
  return body.replace(/^(## |- |\d+\. )/gm, '');
}

export class BrandIndex {
  readonly revision: number;
  readonly index: TextIndex<'title' | 'keywords' | 'body'>;
  readonly #byIds = new Map<string, IndexedArticle>();

  constructor(revision: number, categories: CategoryRow[], articles: ArticleRow[]) {
    this.revision = revision;
    const categoryById = new Map(categories.map((c) => [c.id, c]));
    const docs = [];
    for (const a of articles) {
      const category = categoryById.get(a.category_id);
      if (!category) continue;
      const ids = questionIds(category.number, a.number);
      this.#byIds.set(ids, {
        id: a.id,
        number: a.number,
        categoryNumber: category.number,
        categoryName: category.name,
        title: a.title,
        ids,
        passages: passagesOf(a.body),
      });
      docs.push({
        id: ids,
        fields: { title: a.title, keywords: a.keywords.replace(/[,，、]/g, ' '), body: plainBody(a.body) },
      });
    }
    this.index = new TextIndex(docs, FIELD_WEIGHTS);
  }

  article(ids: string): IndexedArticle | undefined {
    return this.#byIds.get(ids);
  }

  /** Articles that answer a question, best first; empty when none covers enough of it. */
  retrieve(question: string, options: { limit?: number; minCoverage?: number } = {}): RetrievedArticle[] {
    const extra = expansionsFor(question);
    const hits = this.index.search(question, { extraTerms: extra });
    const minCoverage = options.minCoverage ?? MIN_COVERAGE;
    const top = hits.find((h) => h.coverage >= minCoverage);
    if (!top) return [];
    const out: RetrievedArticle[] = [];
    for (const hit of hits) {
      if (hit.coverage < minCoverage || hit.score < top.score * RELATIVE_SCORE) continue;
      const article = this.#byIds.get(hit.id);
      if (!article) continue;
      out.push({
        article,
        score: hit.score,
        coverage: hit.coverage,
        matched: hit.matched,
        passages: this.#answerPassages(article, question, extra),
      });
      if (out.length >= (options.limit ?? MAX_CANDIDATES)) break;
    }
    return out;
  }

  /**
   * The best-fitting passage, and one more: its neighbour when it is short (a lead-in line), else a
   * close second when both fit in a short answer. Never the whole of a longer article.
   */
  #answerPassages(article: IndexedArticle, question: string, extra: string[]): string[] {
    const { passages } = article;
    if (passages.length === 0) return [];
    const ranked = rankPassages(passages, question, (t) => this.index.idf(t), extra);
    const best = ranked[0];
    const chosen = new Set<number>();
    const first = best.score > 0 ? best.index : 0;
    chosen.add(first);
    let length = passages[first].length;
    if (length < 60 && first + 1 < passages.length) {
      chosen.add(first + 1);
      length += passages[first + 1].length;
    }
    const second = ranked[1];
    if (
      chosen.size === 1 &&
      second &&
      second.score > 0 &&
      second.score >= best.score * 0.7 &&
      !chosen.has(second.index) &&
      length + passages[second.index].length <= MAX_ANSWER_CHARS
    ) {
      chosen.add(second.index);
    }
    return [...chosen].sort((a, b) => a - b).map((i) => passages[i]);
  }
}
