import type { BrandSettings } from '@author-centre/shared';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { AiSourceArticle } from '../../platform/providers/ai/index.ts';
import { helpSeedFor } from '../../seed/help-articles.ts';
import * as repo from './help.repository.ts';
import { BrandIndex, expansionsFor, HELP_HOME_PATH, passagesOf, questionIds, questionPath } from './help.retrieval.ts';

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
 * Numbers are per brand (they are the page addresses); two admins creating at once may pick the
 * same next number, and the unique index refuses the second: it takes the next one.
 */
async function withFreshNumber(next: () => Promise<number>, insert: (n: number) => Promise<void>): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const n = await next();
    try {
      await insert(n);
      return n;
    } catch (error) {
      if (attempt >= 3 || !/unique|duplicate/i.test(String((error as Error).message))) throw error;
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
  keywords: string;
  popular: number;
  status: number;
  sort: number;
}

export interface CategoryInput {
  name: string;
  description: string;
  sort: number;
}

export class HelpService {
  readonly #ctx: AppContext;
  readonly #indexes = new Map<number, CachedIndex>();

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  /** Seeds the standard articles of every brand that never had them (content changed later is never reseeded). */
  async seedAll(): Promise<void> {
    for (const brand of this.#ctx.brands.all()) await this.ensureSeeded(brand);
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
          popular: a.popular ? 1 : 0,
          sort: i,
          status: 1,
        })),
        now,
      );
    });
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

  async #build(clientId: number, revision: number): Promise<BrandIndex> {
    const [categories, articles] = await Promise.all([
      repo.listCategories(this.#ctx.db, clientId),
      repo.listArticles(this.#ctx.db, clientId, { publishedOnly: true }),
    ]);
    return new BrandIndex(revision, categories, articles);
  }

  async #changed(clientId: number): Promise<void> {
    await repo.bumpRevision(this.#ctx.db, clientId);
    this.#indexes.delete(clientId);
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
    const parsed = parseIds(ids);
    if (!parsed) throw articleMissing();
    const { db } = this.#ctx;
    const article = await repo.articleByNumber(db, clientId, parsed.article);
    if (!article || article.status !== 1) throw articleMissing();
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
    // Search lists partial matches too (an author scanning results judges them), so a lower bar than the assistant's.
    const results = index.retrieve(keyword, { limit: 200, minCoverage: 0.2 });
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
    const parsed = parseIds(ids);
    if (!parsed) throw articleMissing();
    const { db, rateLimiter } = this.#ctx;
    const article = await repo.articleByNumber(db, clientId, parsed.article);
    if (!article || article.status !== 1) throw articleMissing();
    const first = await rateLimiter.hit(`help-pv:${article.id}:${voter}`, 1, PV_WINDOW_MS);
    if (!first.allowed) return { pv: article.pv };
    await repo.incrementPv(db, clientId, article.id);
    return { pv: article.pv + 1 };
  }

  async solve(clientId: number, ids: string, voter: string, solved: 0 | 1) {
    const parsed = parseIds(ids);
    if (!parsed) throw articleMissing();
    const { db } = this.#ctx;
    const article = await repo.articleByNumber(db, clientId, parsed.article);
    if (!article || article.status !== 1) throw articleMissing();
    await inTransaction(db, (tx) => repo.recordVote(tx, clientId, article.id, voter, solved, Date.now()));
    const after = (await repo.articleByNumber(db, clientId, parsed.article))!;
    return {
      solved_yes: after.solved_yes,
      solved_no: after.solved_no,
      my_solve: await repo.voteOf(db, article.id, voter),
    };
  }

  // ---- operations (admin) ----

  async adminCategories(clientId: number) {
    const { db } = this.#ctx;
    const [categories, articles] = await Promise.all([
      repo.listCategories(db, clientId),
      repo.listArticles(db, clientId, { publishedOnly: false }),
    ]);
    return {
      list: categories.map((c) => ({
        id: c.number,
        name: c.name,
        description: c.description,
        sort: c.sort,
        count: articles.filter((a) => a.category_id === c.id).length,
        updated_at: c.updated_at,
      })),
    };
  }

  async saveCategory(clientId: number, number: number | undefined, input: CategoryInput) {
    const { db } = this.#ctx;
    const now = Date.now();
    if (number === undefined) {
      number = await withFreshNumber(
        () => repo.nextNumber(db, 'help_categories', clientId),
        async (n) => void (await repo.insertCategory(db, clientId, { number: n, ...input }, now)),
      );
    } else {
      const existing = await repo.categoryByNumber(db, clientId, number);
      if (!existing) throw categoryMissing();
      await repo.updateCategory(db, clientId, existing.id, input, now);
    }
    await this.#changed(clientId);
    return { id: number };
  }

  async deleteCategory(clientId: number, number: number) {
    const { db } = this.#ctx;
    const existing = await repo.categoryByNumber(db, clientId, number);
    if (!existing) throw categoryMissing();
    if ((await repo.countArticlesIn(db, clientId, existing.id)) > 0) {
      throw conflict({
        'zh-CN': '分类下还有问题，请先移动或删除这些问题',
        'en-US': 'The category still has questions; move or delete them first',
      });
    }
    await repo.deleteCategory(db, clientId, existing.id);
    await this.#changed(clientId);
    return { id: number };
  }

  async adminArticles(clientId: number, filter: { category_id?: number; keyword?: string }) {
    const { db } = this.#ctx;
    const [categories, articles] = await Promise.all([
      repo.listCategories(db, clientId),
      repo.listArticles(db, clientId, { publishedOnly: false }),
    ]);
    const byId = new Map(categories.map((c) => [c.id, c]));
    const keyword = filter.keyword?.trim().toLowerCase();
    return {
      list: articles
        .filter((a) => {
          const c = byId.get(a.category_id);
          if (filter.category_id !== undefined && c?.number !== filter.category_id) return false;
          if (keyword && !`${a.title}\n${a.keywords}\n${a.body}`.toLowerCase().includes(keyword)) return false;
          return true;
        })
        .map((a) => {
          const c = byId.get(a.category_id);
          return {
            id: a.number,
            ids: c ? questionIds(c.number, a.number) : null,
            category_id: c?.number ?? null,
            title: a.title,
            keywords: a.keywords,
            popular: a.popular,
            status: a.status,
            sort: a.sort,
            pv: a.pv,
            solved_yes: a.solved_yes,
            solved_no: a.solved_no,
            updated_at: a.updated_at,
          };
        }),
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
      title: a.title,
      body: a.body,
      keywords: a.keywords,
      popular: a.popular,
      status: a.status,
      sort: a.sort,
      pv: a.pv,
      solved_yes: a.solved_yes,
      solved_no: a.solved_no,
      passages: passagesOf(a.body),
      updated_at: a.updated_at,
    };
  }

  async saveArticle(clientId: number, number: number | undefined, input: ArticleInput) {
    const { db } = this.#ctx;
    const category = await repo.categoryByNumber(db, clientId, input.category_id);
    if (!category) throw categoryMissing();
    const now = Date.now();
    const values = { ...input, category_id: category.id };
    if (number === undefined) {
      number = await withFreshNumber(
        () => repo.nextNumber(db, 'help_articles', clientId),
        (n) => repo.insertArticle(db, clientId, { number: n, ...values }, now),
      );
    } else {
      const existing = await repo.articleByNumber(db, clientId, number);
      if (!existing) throw articleMissing();
      await repo.updateArticle(db, clientId, existing.id, values, now);
    }
    await this.#changed(clientId);
    return { id: number, ids: questionIds(category.number, number) };
  }

  async deleteArticle(clientId: number, number: number) {
    const { db } = this.#ctx;
    const existing = await repo.articleByNumber(db, clientId, number);
    if (!existing) throw articleMissing();
    await inTransaction(db, (tx) => repo.deleteArticle(tx, clientId, existing.id));
    await this.#changed(clientId);
    return { id: number };
  }
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
