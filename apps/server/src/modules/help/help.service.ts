import type { BrandSettings } from '@author-centre/shared';
import type { AuditEntry } from '../../platform/audit/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { badInput, conflict, notFound } from '../../platform/http/errors.ts';
import type { AiSourceArticle } from '../../platform/providers/ai/index.ts';
import { askedText, helpSeedFor, RETIRED_ARTICLES } from '../../seed/help-articles.ts';
import {
  type ArticleClassifier,
  classifierExamples,
  classifierFor,
  sameExamples,
  type TrainingExample,
} from './help.classifier.ts';
import * as repo from './help.repository.ts';
import {
  askedLines,
  BrandIndex,
  expansionsFor,
  HELP_HOME_PATH,
  passagesOf,
  questionIds,
  questionPath,
} from './help.retrieval.ts';

export { HELP_HOME_PATH, questionPath };

/** Other instances' article changes are picked up within this time (each instance keeps its own index). */
const REVISION_RECHECK_MS = 5000;
/** A browser's page view of an article counts once in this period. */
const PV_WINDOW_MS = 30 * 60 * 1000;
const HOME_CATEGORY_PREVIEW = 5;
const POPULAR_LIMIT = 10;
const RELATED_LIMIT = 5;
const SNIPPET_CHARS = 120;

const articleMissing = () =>
  notFound({ 'zh-CN': '这个问题不存在或已下线', 'en-US': 'This question does not exist or was taken down' });
const categoryMissing = () =>
  notFound({ 'zh-CN': '这个问题分类不存在或已删除', 'en-US': 'This question category does not exist or was deleted' });

/** '1-12' → { category: 1, article: 12 }. */
export function parseIds(ids: string): { category: number; article: number } | null {
  const m = /^(\d{1,9})-(\d{1,9})$/.exec(ids);
  return m ? { category: Number(m[1]), article: Number(m[2]) } : null;
}

/**
 * The published article at an address '<category>-<question>'. A standard article merged into another
 * (`RETIRED_ARTICLES`) keeps its address: while no published article holds the old number, it leads to the
 * article it was merged into (whose own address the answer gives, so the page moves there).
 */
async function publishedArticle(db: Db, clientId: number, ids: string) {
  const parsed = parseIds(ids);
  if (!parsed) throw articleMissing();
  let article = await repo.articleByNumber(db, clientId, parsed.article);
  const mergedInto = RETIRED_ARTICLES.get(parsed.article);
  if (article?.status !== 1 && mergedInto !== undefined) {
    article = await repo.articleByNumber(db, clientId, mergedInto);
  }
  if (article?.status !== 1) throw articleMissing();
  return article;
}

/**
 * Numbers are per brand (they are the page addresses); two admins creating at once may pick the
 * same next number, and the unique index refuses the second: its whole transaction is run again
 * and takes the next one.
 */
async function withFreshNumber<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= 3 || !/unique|duplicate/i.test(String((error as Error).message))) throw error;
    }
  }
}

interface CachedIndex {
  revision: number;
  checkedAt: number;
  index: Promise<BrandIndex>;
}

export interface ArticleInput {
  category_id: number;
  title: string;
  body: string;
  keywords?: string;
  /** How authors ask what it answers, a question a line (help_articles.asked). */
  asked?: string;
  popular?: number;
  status?: number;
  sort?: number;
  /** The version the editor opened (for an edit): refused when someone saved since. */
  updated_at?: number;
}

export interface CategoryInput {
  name: string;
  description?: string;
  sort?: number;
}

/**
 * A brand's article classifier: the one its indexes use, and its training (one at a time; examples asked for while
 * one trains wait, only the latest).
 */
interface BrandClassifier {
  /** The latest classifier trained, and the examples it learnt. */
  current?: { classifier: ArticleClassifier; examples: TrainingExample[] };
  /** The brand's latest index and its examples: it is given the classifier trained on them. */
  index?: { index: BrandIndex; examples: TrainingExample[] };
  waiting?: TrainingExample[];
  training?: Promise<void>;
}

export class HelpService {
  readonly #ctx: AppContext;
  readonly #indexes = new Map<number, CachedIndex>();
  readonly #classifiers = new Map<number, BrandClassifier>();

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  /**
   * On start: seeds the standard articles of every brand that never had them, and gives a brand seeded earlier
   * each standard article added since (content changed later is never reseeded; see addMissingStandard).
   */
  async seedAll(): Promise<void> {
    for (const brand of this.#ctx.brands.all()) {
      await this.ensureSeeded(brand);
      await this.addMissingStandard(brand);
    }
  }

  async ensureSeeded(brand: BrandSettings): Promise<void> {
    const { db } = this.#ctx;
    if ((await repo.revisionOf(db, brand.clientId)) !== null) return;
    const now = Date.now();
    await inTransaction(db, async (tx) => {
      if (!(await repo.claimSeeding(tx, brand.clientId, now))) return;
      const seed = helpSeedFor(brand);
      const ids = new Map<number, number>();
      for (const [i, c] of seed.categories.entries()) {
        ids.set(c.number, await repo.insertCategory(tx, brand.clientId, { ...c, sort: i }, now));
      }
      await repo.insertArticles(
        tx,
        brand.clientId,
        seed.articles.map((a, i) => ({
          number: a.number,
          category_id: ids.get(a.category)!,
          title: a.title,
          body: a.body,
          keywords: a.keywords,
          asked: askedText(a.asked),
          popular: a.popular ? 1 : 0,
          sort: i,
          status: 1,
        })),
        now,
      );
      await repo.noteStandardGiven(
        tx,
        brand.clientId,
        seed.articles.map((a) => a.number),
        now,
      );
    });
  }

  /**
   * Adds each standard article the brand was never given (help_standard_articles) — articles added to the
   * standard set after the brand was seeded — in its category, after the standard article it follows there,
   * with the brand's own facts. An article the brand holds is never touched, one its admins deleted was given
   * and stays deleted, a retired one is never added, and one whose category the admins deleted is left out.
   * The standard number is kept as its address unless the brand's admins created an article with that number;
   * it then takes the brand's next number. Runs under the brand's help state lock: two instances starting
   * together add each article once. The number of articles added.
   */
  async addMissingStandard(brand: BrandSettings): Promise<number> {
    const { db } = this.#ctx;
    const clientId = brand.clientId;
    const seed = helpSeedFor(brand);
    const wanted = (given: Set<number>) =>
      seed.articles
        .map((article, i) => ({ article, i }))
        .filter(({ article }) => !given.has(article.number) && !RETIRED_ARTICLES.has(article.number));
    if ((await repo.revisionOf(db, clientId)) === null) return 0;
    if (wanted(await repo.standardKeysGiven(db, clientId)).length === 0) return 0;
    const now = Date.now();
    const added = await inTransaction(db, async (tx) => {
      await repo.lockState(tx, clientId);
      const missing = wanted(await repo.standardKeysGiven(tx, clientId));
      if (missing.length === 0) return 0;
      const categories = new Map((await repo.listCategories(tx, clientId)).map((c) => [c.number, c]));
      const held = new Map((await repo.listArticles(tx, clientId, { publishedOnly: false })).map((a) => [a.number, a]));
      const adminNumbers = await repo.numbersCreatedInConsole(tx, clientId);
      let count = 0;
      for (const { article, i } of missing) {
        const category = categories.get(article.category);
        if (!category) continue;
        let sort = i;
        for (let j = i - 1; j >= 0; j--) {
          const before = seed.articles[j]!;
          const row = before.category === article.category ? held.get(before.number) : undefined;
          if (row && row.category_id === category.id) {
            sort = row.sort;
            break;
          }
        }
        const free = !held.has(article.number) && !adminNumbers.has(article.number);
        const number = free ? article.number : await repo.nextNumber(tx, 'help_articles', clientId);
        const values = {
          number,
          category_id: category.id,
          title: article.title,
          body: article.body,
          keywords: article.keywords,
          asked: askedText(article.asked),
          popular: article.popular ? 1 : 0,
          sort,
          status: 1,
        };
        await repo.insertArticle(tx, clientId, values, now);
        await repo.noteNumberGiven(tx, 'help_articles', clientId, number);
        await repo.noteStandardGiven(tx, clientId, [article.number], now);
        held.set(number, {
          ...values,
          id: 0,
          client_id: clientId,
          pv: 0,
          solved_yes: 0,
          solved_no: 0,
          created_at: now,
          updated_at: now,
        });
        count++;
      }
      if (count > 0) await repo.bumpRevision(tx, clientId);
      return count;
    });
    if (added > 0) this.#indexes.delete(clientId);
    return added;
  }

  /** The brand's index, once the classifier of its current articles is trained (tests and benchmarks wait for it). */
  async trained(clientId: number): Promise<BrandIndex> {
    const index = await this.index(clientId);
    await this.#classifiers.get(clientId)?.training;
    return index;
  }

  /** The brand's index, rebuilt when its revision changed (here at once, elsewhere within a few seconds). */
  async index(clientId: number): Promise<BrandIndex> {
    const now = Date.now();
    const cached = this.#indexes.get(clientId);
    if (cached && now - cached.checkedAt < REVISION_RECHECK_MS) return cached.index;
    let revision = await repo.revisionOf(this.#ctx.db, clientId);
    if (revision === null) {
      await this.ensureSeeded(this.#ctx.brands.get(clientId));
      revision = (await repo.revisionOf(this.#ctx.db, clientId)) ?? 0;
    }
    const current = this.#indexes.get(clientId);
    if (current && current.revision === revision) {
      current.checkedAt = now;
      return current.index;
    }
    const index = this.#build(clientId, revision);
    this.#indexes.set(clientId, { revision, checkedAt: now, index });
    index.catch(() => this.#indexes.delete(clientId));
    return index;
  }

  /**
   * A rebuilt index ranks with the classifier of its own articles. Until that is trained (a few seconds, in a worker
   * thread; a question never waits for it) it ranks lexically: a classifier trained before an article was written or
   * changed would rank it below the articles it knows, and refuse as out of scope the question it was written for.
   */
  async #build(clientId: number, revision: number): Promise<BrandIndex> {
    const [categories, articles] = await Promise.all([
      repo.listCategories(this.#ctx.db, clientId),
      repo.listArticles(this.#ctx.db, clientId, { publishedOnly: true }),
    ]);
    let brand = this.#classifiers.get(clientId);
    if (!brand) {
      brand = {};
      this.#classifiers.set(clientId, brand);
    }
    const examples = classifierExamples(categories, articles);
    const { current } = brand;
    const index = new BrandIndex(
      revision,
      categories,
      articles,
      current && sameExamples(current.examples, examples) ? current.classifier : undefined,
    );
    brand.index = { index, examples };
    brand.waiting = examples;
    brand.training ??= this.#train(clientId, brand);
    return index;
  }

  async #train(clientId: number, brand: BrandClassifier): Promise<void> {
    while (brand.waiting) {
      const examples = brand.waiting;
      brand.waiting = undefined;
      const classifier = await classifierFor(examples);
      if (!classifier) {
        this.#ctx.log.warn({ clientId }, 'help: the article classifier failed to train; ranking as before');
        continue;
      }
      brand.current = { classifier, examples };
      if (brand.index?.examples === examples) brand.index.index.useClassifier(classifier);
    }
    brand.training = undefined;
  }

  /** Help-centre articles that answer a question, with the passages to quote: the AI assistant's grounding. */
  async sourcesFor(clientId: number, question: string, limit = 5): Promise<AiSourceArticle[]> {
    const index = await this.index(clientId);
    return index.retrieve(question, { limit }).map((r) => ({
      ids: r.article.ids,
      title: r.article.title,
      url: questionPath(r.article.ids),
      passages: r.passages,
      score: r.score,
    }));
  }

  // ---- public pages ----

  async home(clientId: number) {
    await this.index(clientId);
    const { db } = this.#ctx;
    const [categories, articles] = await Promise.all([
      repo.listCategories(db, clientId),
      repo.listArticles(db, clientId, { publishedOnly: true }),
    ]);
    const byCategory = new Map(categories.map((c) => [c.id, c]));
    const flagged = articles.filter((a) => a.popular === 1);
    const popularRows = (flagged.length ? flagged : [...articles].sort((a, b) => b.pv - a.pv)).slice(0, POPULAR_LIMIT);
    return {
      categories: categories.map((c) => {
        const own = articles.filter((a) => a.category_id === c.id);
        return {
          id: c.number,
          name: c.name,
          description: c.description,
          count: own.length,
          questions: own
            .slice(0, HOME_CATEGORY_PREVIEW)
            .map((a) => ({ id: questionIds(c.number, a.number), title: a.title })),
        };
      }),
      popular: popularRows
        .filter((a) => byCategory.has(a.category_id))
        .map((a) => {
          const c = byCategory.get(a.category_id)!;
          return { id: questionIds(c.number, a.number), title: a.title, category_id: c.number, category_name: c.name };
        }),
    };
  }

  async questions(clientId: number, categoryNumber?: number) {
    await this.index(clientId);
    const { db } = this.#ctx;
    const [categories, articles] = await Promise.all([
      repo.listCategories(db, clientId),
      repo.listArticles(db, clientId, { publishedOnly: true }),
    ]);
    const category = categoryNumber === undefined ? categories[0] : categories.find((c) => c.number === categoryNumber);
    if (categoryNumber !== undefined && !category) throw categoryMissing();
    return {
      categories: categories.map((c) => ({
        id: c.number,
        name: c.name,
        description: c.description,
        count: articles.filter((a) => a.category_id === c.id).length,
      })),
      category: category ? { id: category.number, name: category.name, description: category.description } : null,
      list: category
        ? articles
            .filter((a) => a.category_id === category.id)
            .map((a) => ({ id: questionIds(category.number, a.number), title: a.title, updated_at: a.updated_at }))
        : [],
    };
  }

  async detail(clientId: number, ids: string, voter: string | null) {
    const { db } = this.#ctx;
    const article = await publishedArticle(db, clientId, ids);
    const categories = await repo.listCategories(db, clientId);
    const category = categories.find((c) => c.id === article.category_id);
    if (!category) throw articleMissing();
    const siblings = (await repo.listArticles(db, clientId, { publishedOnly: true })).filter(
      (a) => a.category_id === category.id && a.id !== article.id,
    );
    return {
      // The article's address now (an admin may have moved it to another category).
      id: questionIds(category.number, article.number),
      category: { id: category.number, name: category.name },
      title: article.title,
      body: article.body,
      updated_at: article.updated_at,
      pv: article.pv,
      solved_yes: article.solved_yes,
      solved_no: article.solved_no,
      my_solve: voter ? await repo.voteOf(db, article.id, voter) : null,
      related: siblings
        .slice(0, RELATED_LIMIT)
        .map((a) => ({ id: questionIds(category.number, a.number), title: a.title })),
    };
  }

  async search(clientId: number, keyword: string, page: number, pageSize: number) {
    const index = await this.index(clientId);
    // Search lists partial matches too (an author scanning results judges them), so a lower bar than the assistant's,
    // and lists what a keyword finds though the classifier places it among the questions no article answers ('推荐票').
    const results = index.retrieve(keyword, { limit: 200, minCoverage: 0.2, listOutOfScope: true });
    const start = (page - 1) * pageSize;
    return {
      keyword,
      total: results.length,
      page,
      page_size: pageSize,
      // What to highlight: the question's words found (single characters would speckle the text) and the
      // article words its synonyms stand for ('稿费' → '稿酬').
      terms: [...new Set([...results.flatMap((r) => r.matched), ...expansionsFor(keyword)])].filter(
        (t) => t.length >= 2,
      ),
      list: results.slice(start, start + pageSize).map((r) => {
        const passage = r.passages[0] ?? '';
        return {
          id: r.article.ids,
          title: r.article.title,
          category_id: r.article.categoryNumber,
          category_name: r.article.categoryName,
          snippet: passage.length > SNIPPET_CHARS ? `${passage.slice(0, SNIPPET_CHARS)}…` : passage,
        };
      }),
    };
  }

  async recordView(clientId: number, ids: string, voter: string): Promise<{ pv: number }> {
    const { db, rateLimiter } = this.#ctx;
    const article = await publishedArticle(db, clientId, ids);
    const first = await rateLimiter.hit(`help-pv:${article.id}:${voter}`, 1, PV_WINDOW_MS);
    if (!first.allowed) return { pv: article.pv };
    await repo.incrementPv(db, clientId, article.id);
    return { pv: article.pv + 1 };
  }

  async solve(clientId: number, ids: string, voter: string, solved: 0 | 1) {
    const { db } = this.#ctx;
    const article = await publishedArticle(db, clientId, ids);
    await inTransaction(db, (tx) => repo.recordVote(tx, clientId, article.id, voter, solved, Date.now()));
    const after = (await repo.articleByNumber(db, clientId, article.number))!;
    return {
      solved_yes: after.solved_yes,
      solved_no: after.solved_no,
      my_solve: await repo.voteOf(db, article.id, voter),
    };
  }

  // ---- operations console (the brand's admins) ----

  /** Runs a content change and its audit record in one transaction, then lets search and the assistant see it. */
  async #write<T>(clientId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await inTransaction(this.#ctx.db, async (tx) => {
      const out = await work(tx);
      await repo.bumpRevision(tx, clientId);
      return out;
    });
    this.#indexes.delete(clientId);
    return result;
  }

  async adminCategories(clientId: number, query: repo.CategoryListQuery) {
    const page = await repo.pageCategories(this.#ctx.db, clientId, query);
    return {
      ...page,
      list: page.list.map((c) => ({
        id: c.number,
        name: c.name,
        description: c.description,
        sort: c.sort,
        count: Number(c.count),
        published: Number(c.published),
        updated_at: c.updated_at,
      })),
    };
  }

  async saveCategory(clientId: number, number: number | undefined, input: CategoryInput, audit: Audit) {
    const now = Date.now();
    const { db } = this.#ctx;
    if (number !== undefined) {
      const existing = await repo.categoryByNumber(db, clientId, number);
      if (!existing) throw categoryMissing();
      await this.#refuseTakenName(clientId, input.name, existing.id);
      const after = {
        name: input.name,
        description: input.description ?? existing.description,
        sort: input.sort ?? existing.sort,
      };
      await this.#write(clientId, async (tx) => {
        await repo.updateCategory(tx, clientId, existing.id, after, now);
        await audit(tx, {
          action: 'help.category.update',
          targetType: 'help_category',
          targetId: number!,
          summary:
            existing.name === after.name
              ? `修改问题分类「${after.name}」`
              : `问题分类「${existing.name}」改名为「${after.name}」`,
          before: categorySnapshot(existing),
          after: { id: number, ...after },
        });
      });
      return { id: number };
    }
    await this.#refuseTakenName(clientId, input.name);
    const created = await withFreshNumber(async () =>
      this.#write(clientId, async (tx) => {
        const n = await repo.nextNumber(tx, 'help_categories', clientId);
        const values = {
          number: n,
          name: input.name,
          description: input.description ?? '',
          sort: input.sort ?? (await repo.nextSort(tx, clientId)),
        };
        await repo.insertCategory(tx, clientId, values, now);
        await repo.noteNumberGiven(tx, 'help_categories', clientId, n);
        await audit(tx, {
          action: 'help.category.create',
          targetType: 'help_category',
          targetId: n,
          summary: `新建问题分类「${values.name}」`,
          after: { id: n, name: values.name, description: values.description, sort: values.sort },
        });
        return n;
      }),
    );
    return { id: created };
  }

  async #refuseTakenName(clientId: number, name: string, exceptId?: number) {
    const same = (await repo.listCategories(this.#ctx.db, clientId)).find((c) => c.name === name && c.id !== exceptId);
    if (same) {
      throw conflict({
        'zh-CN': `已经有名为「${name}」的分类了，请换一个名称`,
        'en-US': `There is already a category named “${name}”; please choose another name`,
      });
    }
  }

  async deleteCategory(clientId: number, number: number, audit: Audit) {
    const { db } = this.#ctx;
    const existing = await repo.categoryByNumber(db, clientId, number);
    if (!existing) throw categoryMissing();
    await this.#write(clientId, async (tx) => {
      const count = await repo.countArticlesIn(tx, clientId, existing.id);
      if (count > 0) {
        throw conflict({
          'zh-CN': `分类「${existing.name}」下还有${count}个问题，请先移动或删除这些问题`,
          'en-US': `The category “${existing.name}” still has ${count} question(s); move or delete them first`,
        });
      }
      await repo.deleteCategory(tx, clientId, existing.id);
      await audit(tx, {
        action: 'help.category.delete',
        targetType: 'help_category',
        targetId: number,
        summary: `删除问题分类「${existing.name}」`,
        before: categorySnapshot(existing),
      });
    });
    return { id: number };
  }

  /** Puts the brand's categories in the given order (every category once), as the help centre lists them. */
  async reorderCategories(clientId: number, numbers: number[], audit: Audit) {
    const categories = await repo.listCategories(this.#ctx.db, clientId);
    const byNumber = new Map(categories.map((c) => [c.number, c]));
    if (
      numbers.length !== categories.length ||
      new Set(numbers).size !== numbers.length ||
      numbers.some((n) => !byNumber.has(n))
    ) {
      throw badInput('ids', {
        'zh-CN': '分类列表已经变化（有人新建或删除了分类），请刷新后重新排序',
        'en-US': 'The categories have changed (someone added or deleted one); reload and order them again',
      });
    }
    const now = Date.now();
    await this.#write(clientId, async (tx) => {
      for (const [i, n] of numbers.entries()) await repo.setCategorySort(tx, clientId, byNumber.get(n)!.id, i, now);
      await audit(tx, {
        action: 'help.category.reorder',
        targetType: 'help_category',
        targetId: 'order',
        summary: `调整问题分类顺序：${numbers.map((n) => byNumber.get(n)!.name).join('、')}`,
        before: categories.map((c) => ({ id: c.number, name: c.name })),
        after: numbers.map((n) => ({ id: n, name: byNumber.get(n)!.name })),
      });
    });
    return { ids: numbers };
  }

  async adminArticles(clientId: number, query: repo.ArticleListQuery) {
    const page = await repo.pageArticles(this.#ctx.db, clientId, query);
    return {
      ...page,
      list: page.list.map((a) => ({
        id: a.number,
        ids: questionIds(a.category_number, a.number),
        category_id: a.category_number,
        category_name: a.category_name,
        title: a.title,
        keywords: a.keywords,
        popular: a.popular,
        status: a.status,
        sort: a.sort,
        pv: a.pv,
        solved_yes: a.solved_yes,
        solved_no: a.solved_no,
        updated_at: a.updated_at,
      })),
    };
  }

  async adminArticle(clientId: number, number: number) {
    const { db } = this.#ctx;
    const a = await repo.articleByNumber(db, clientId, number);
    if (!a) throw articleMissing();
    const c = (await repo.listCategories(db, clientId)).find((x) => x.id === a.category_id);
    return {
      id: a.number,
      ids: c ? questionIds(c.number, a.number) : null,
      category_id: c?.number ?? null,
      category_name: c?.name ?? null,
      title: a.title,
      body: a.body,
      keywords: a.keywords,
      asked: a.asked,
      popular: a.popular,
      status: a.status,
      sort: a.sort,
      pv: a.pv,
      solved_yes: a.solved_yes,
      solved_no: a.solved_no,
      passages: passagesOf(a.body),
      created_at: a.created_at,
      updated_at: a.updated_at,
    };
  }

  /**
   * Creates an article (published unless `status` says draft, as the first admin API did) or edits
   * one. Fields left out of an edit keep their value; publishing has its own call. With
   * `updated_at` (the version the editor opened), an edit made meanwhile by someone else is refused.
   */
  async saveArticle(clientId: number, number: number | undefined, input: ArticleInput, audit: Audit) {
    const { db } = this.#ctx;
    const category = await repo.categoryByNumber(db, clientId, input.category_id);
    if (!category) throw categoryMissing();
    const now = Date.now();
    if (number !== undefined) {
      const existing = await repo.articleByNumber(db, clientId, number);
      if (!existing) throw articleMissing();
      if (input.updated_at !== undefined && input.updated_at !== existing.updated_at) throw editedMeanwhile();
      const values = {
        category_id: category.id,
        title: input.title,
        body: input.body,
        keywords: input.keywords ?? existing.keywords,
        asked: input.asked ?? existing.asked,
        popular: input.popular ?? existing.popular,
        status: input.status ?? existing.status,
        sort: input.sort ?? existing.sort,
      };
      const categories = await repo.listCategories(db, clientId);
      const oldCategory = categories.find((c) => c.id === existing.category_id);
      await this.#write(clientId, async (tx) => {
        // Compare-and-set on the version read: two admins saving at once never overwrite each other unseen.
        if (!(await repo.updateArticle(tx, clientId, existing.id, values, now, existing.updated_at))) {
          throw editedMeanwhile();
        }
        await audit(tx, {
          action: 'help.article.update',
          targetType: 'help_article',
          targetId: number!,
          summary: `修改问题「${values.title}」`,
          before: articleSnapshot(existing, oldCategory?.number ?? null),
          after: articleSnapshot({ ...existing, ...values }, category.number),
        });
      });
      return { id: number, ids: questionIds(category.number, number), updated_at: now };
    }
    const created = await withFreshNumber(() =>
      this.#write(clientId, async (tx) => {
        const n = await repo.nextNumber(tx, 'help_articles', clientId);
        const values = {
          number: n,
          category_id: category.id,
          title: input.title,
          body: input.body,
          keywords: input.keywords ?? '',
          asked: input.asked ?? '',
          popular: input.popular ?? 0,
          status: input.status ?? 1,
          sort: input.sort ?? 0,
        };
        await repo.insertArticle(tx, clientId, values, now);
        await repo.noteNumberGiven(tx, 'help_articles', clientId, n);
        await audit(tx, {
          action: 'help.article.create',
          targetType: 'help_article',
          targetId: n,
          summary: `新建问题「${values.title}」（${values.status === 1 ? '已发布' : '草稿'}）`,
          after: articleSnapshot(values, category.number),
        });
        return n;
      }),
    );
    return { id: created, ids: questionIds(category.number, created), updated_at: now };
  }

  /**
   * Adds a question to the ways of asking of the article that answers it (the console's "nothing found" list): that
   * question then finds the article. A line the article already has (ignoring spaces at the ends) is not added twice.
   */
  async addAsked(clientId: number, number: number, question: string, audit: Audit) {
    const { db } = this.#ctx;
    const existing = await repo.articleByNumber(db, clientId, number);
    if (!existing) throw articleMissing();
    const category = (await repo.listCategories(db, clientId)).find((c) => c.id === existing.category_id);
    const ids = category ? questionIds(category.number, number) : null;
    const lines = askedLines(existing.asked);
    if (lines.includes(question)) return { id: number, ids, added: false, updated_at: existing.updated_at };
    const asked = [...lines, question].join('\n');
    const now = Date.now();
    await this.#write(clientId, async (tx) => {
      const { category_id, title, body, keywords, popular, status, sort } = existing;
      const values = { category_id, title, body, keywords, asked, popular, status, sort };
      if (!(await repo.updateArticle(tx, clientId, existing.id, values, now, existing.updated_at))) {
        throw editedMeanwhile();
      }
      await audit(tx, {
        action: 'help.article.update',
        targetType: 'help_article',
        targetId: number,
        summary: `为问题「${existing.title}」添加作者的问法「${question}」`,
        before: { asked: existing.asked },
        after: { asked },
      });
    });
    return { id: number, ids, added: true, updated_at: now };
  }

  /** Publishes (authors see it, search and the assistant use it) or unpublishes (back to a draft) an article. */
  async setArticleStatus(clientId: number, number: number, status: 0 | 1, audit: Audit) {
    const { db } = this.#ctx;
    const existing = await repo.articleByNumber(db, clientId, number);
    if (!existing) throw articleMissing();
    if (existing.status === status) return { id: number, status, updated_at: existing.updated_at, changed: false };
    const now = Date.now();
    await this.#write(clientId, async (tx) => {
      await repo.setArticleStatus(tx, clientId, existing.id, status, now);
      await audit(tx, {
        action: status === 1 ? 'help.article.publish' : 'help.article.unpublish',
        targetType: 'help_article',
        targetId: number,
        summary: `${status === 1 ? '发布' : '下线'}问题「${existing.title}」`,
        before: { status: existing.status },
        after: { status },
      });
    });
    return { id: number, status, updated_at: now, changed: true };
  }

  async deleteArticle(clientId: number, number: number, audit: Audit) {
    const { db } = this.#ctx;
    const existing = await repo.articleByNumber(db, clientId, number);
    if (!existing) throw articleMissing();
    const category = (await repo.listCategories(db, clientId)).find((c) => c.id === existing.category_id);
    await this.#write(clientId, async (tx) => {
      await repo.deleteArticle(tx, clientId, existing.id);
      await audit(tx, {
        action: 'help.article.delete',
        targetType: 'help_article',
        targetId: number,
        summary: `删除问题「${existing.title}」`,
        before: articleSnapshot(existing, category?.number ?? null),
      });
    });
    return { id: number };
  }
}

/** Records one console change in the audit log, in the transaction of the change (bound to the request by the route). */
export type Audit = (tx: Tx, entry: AuditEntry) => Promise<void>;

const editedMeanwhile = () =>
  conflict({
    'zh-CN': '这个问题刚被其他人修改过，请复制您的修改后刷新页面再保存',
    'en-US': 'Someone else has just changed this question; copy your changes, reload and save again',
  });

function categorySnapshot(c: repo.CategoryRow) {
  return { id: c.number, name: c.name, description: c.description, sort: c.sort };
}

function articleSnapshot(
  a: Pick<repo.ArticleRow, 'number' | 'title' | 'body' | 'keywords' | 'asked' | 'popular' | 'status' | 'sort'>,
  categoryNumber: number | null,
) {
  return {
    id: a.number,
    category_id: categoryNumber,
    title: a.title,
    keywords: a.keywords,
    asked: a.asked,
    popular: a.popular,
    status: a.status,
    sort: a.sort,
    body: a.body,
  };
}

const services = new WeakMap<AppContext, HelpService>();

/** The app's one help service (other modules reach the help centre through it). */
export function helpServiceOf(ctx: AppContext): HelpService {
  let service = services.get(ctx);
  if (!service) {
    service = new HelpService(ctx);
    services.set(ctx, service);
  }
  return service;
}
