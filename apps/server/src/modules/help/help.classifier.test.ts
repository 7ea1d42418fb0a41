import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, logIn } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ArticleClassifier, classifierExamples, classifierFor, trainClassifier } from './help.classifier.ts';
import { listArticles, listCategories } from './help.repository.ts';
import { BrandIndex, OUT_OF_SCOPE } from './help.retrieval.ts';
import { helpServiceOf } from './help.service.ts';

const EXAMPLES = [
  { ids: '6-37', text: '银行卡怎么换' },
  { ids: '6-37', text: '收款账户填错了' },
  { ids: '6-37', text: '绑定的卡注销了' },
  { ids: '6-35', text: '稿酬什么时候发' },
  { ids: '6-35', text: '每个月几号打钱' },
  { ids: '6-35', text: '钱什么时候到' },
];

describe('help article classifier', () => {
  it('tells articles apart by the words their ways of asking use', () => {
    const classifier = new ArticleClassifier(trainClassifier(EXAMPLES));
    const card = classifier.probabilities('我的卡注销了');
    expect(card.get('6-37')).toBeGreaterThan(card.get('6-35') as number);
    const day = classifier.probabilities('几号发钱');
    expect(day.get('6-35')).toBeGreaterThan(day.get('6-37') as number);
    // Probabilities over the articles it knows.
    expect([...day.values()].reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 5);
    expect([...day.keys()].sort()).toEqual(['6-35', '6-37']);
  });

  it('trains the same model in a worker thread as in this one, and shares it by its examples', async () => {
    const inWorker = await classifierFor(EXAMPLES);
    expect(inWorker).toBeDefined();
    const here = new ArticleClassifier(trainClassifier(EXAMPLES));
    expect([...(inWorker as ArticleClassifier).probabilities('卡注销了')]).toEqual([...here.probabilities('卡注销了')]);
    expect(classifierFor([...EXAMPLES])).toBe(classifierFor(EXAMPLES));
  });
});

describe('help centre ranking with the classifier', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('ranks first the article that answers a question worded like its ways of asking, where shared words alone do not', async () => {
    // A chapter that goes out by itself at eight is scheduling it (3-15, '如何设置定时发布章节？'); the words alone point at
    // a scheduled chapter that did not go out (3-151, '定时发布没有发出去或晚发了，我怎么知道？').
    const question = '想让章节晚上八点自己发出去';
    await helpServiceOf(t.app.ctx).trained(2);
    const res = await t.client('wonder.localhost').get('/api/pc/v1/help/search', { keyword: question });
    expect(res.body.data.list[0].id).toBe('3-15');
    const [categories, articles] = await Promise.all([
      listCategories(t.app.ctx.db, 2),
      listArticles(t.app.ctx.db, 2, { publishedOnly: true }),
    ]);
    expect(new BrandIndex(0, categories, articles).retrieve(question)[0].article.ids).toBe('3-151');
    // Its examples: the title, the ways of asking, the keywords and the paragraphs.
    expect(classifierExamples(categories, articles).filter((e) => e.ids === '3-15').length).toBeGreaterThan(60);
  });

  it('adds to the answers of a question the article the classifier is sure of, though its words alone do not find it', async () => {
    // Why chapters are held in review or sent back (3-19, '章节为什么在审核中或被退回？'), in words its text does not use.
    const question = '头一回发章节，怎么才不会被卡审核';
    await helpServiceOf(t.app.ctx).trained(2);
    const res = await t.client('wonder.localhost').get('/api/pc/v1/help/search', { keyword: question });
    expect(res.body.data.list.map((r: { id: string }) => r.id).slice(0, 3)).toContain('3-19');
    const [categories, articles] = await Promise.all([
      listCategories(t.app.ctx.db, 2),
      listArticles(t.app.ctx.db, 2, { publishedOnly: true }),
    ]);
    const lexical = new BrandIndex(0, categories, articles).retrieve(question, { limit: 20 });
    expect(lexical.length).toBeGreaterThan(0);
    expect(lexical.map((r) => r.article.ids)).not.toContain('3-19');
  });

  it('keeps an answer the classifier is sure of though its text scores far below the best', async () => {
    // How many accounts one person may hold is 2-8 (pen names); '注册' finds 2-5 (registering) far above it.
    const question = '一个人可以注册两个作者号吗';
    const [categories, articles] = await Promise.all([
      listCategories(t.app.ctx.db, 2),
      listArticles(t.app.ctx.db, 2, { publishedOnly: true }),
    ]);
    const lexical = new BrandIndex(0, categories, articles).retrieve(question, { limit: 20 }).map((r) => r.article.ids);
    expect(lexical[0]).toBe('2-5');
    expect(lexical).not.toContain('2-8');
    const index = await helpServiceOf(t.app.ctx).trained(2);
    expect(index.retrieve(question)[0].article.ids).toBe('2-8');
  });

  it('puts first the article the classifier is sure of, unless an admin has taught another the question itself', async () => {
    const [categories, listed] = await Promise.all([
      listCategories(t.app.ctx.db, 2),
      listArticles(t.app.ctx.db, 2, { publishedOnly: true }),
    ]);
    // A brand's classifier, trained before, is sure the question asks for 1-1; no article's text finds it.
    const question = '火星上的作者能投稿吗';
    const sure = new ArticleClassifier(
      trainClassifier([
        ...Array.from({ length: 5 }, () => ({ ids: '1-1', text: question })),
        { ids: '6-35', text: '稿酬什么时候发' },
      ]),
    );
    expect(sure.probabilities(question).get('1-1')).toBeGreaterThan(0.9);
    expect(new BrandIndex(0, categories, listed).retrieve(question)).toEqual([]);
    const withLine = (line: string) => listed.map((a) => (a.number === 2 ? { ...a, asked: `${a.asked}\n${line}` } : a));
    const ranked = (line: string) =>
      new BrandIndex(0, categories, withLine(line), sure).retrieve(question).map((r) => r.article.ids);
    // 1-2 has a way of asking much like the question: found, but the classifier's article comes first.
    expect(ranked('火星上能投稿吗')).toEqual(['1-1', '1-2']);
    // An admin has taught 1-2 the question itself (case, spaces and punctuation aside): 1-2 comes first.
    expect(ranked('火星上的作者 能投稿吗？')).toEqual(['1-2', '1-1']);
  });

  it('answers nothing to a question of the kind no article answers, though its words find articles; search still lists them', async () => {
    // Naming the author's heroine: '名字' and '起' find the pen-name articles, which would be a wrong answer.
    const question = '能帮我给女主角起个好听的名字吗';
    const [categories, articles] = await Promise.all([
      listCategories(t.app.ctx.db, 2),
      listArticles(t.app.ctx.db, 2, { publishedOnly: true }),
    ]);
    expect(new BrandIndex(0, categories, articles).retrieve(question).length).toBeGreaterThan(0);
    expect(classifierExamples(categories, articles).filter((e) => e.ids === OUT_OF_SCOPE).length).toBeGreaterThan(100);
    const index = await helpServiceOf(t.app.ctx).trained(2);
    expect(index.retrieve(question)).toEqual([]);
    // A question the articles answer is answered as before.
    expect(index.retrieve('笔名可以改吗')[0].article.ids).toBe('2-9');
    // An admin who teaches an article the question (a way of asking) has it found before the classifier relearns.
    // (The brand's classifier: the one trained on these examples.)
    const classifier = await classifierFor(classifierExamples(categories, articles));
    const taught = articles.map((a) => (a.number === 9 ? { ...a, asked: `${a.asked}\n${question}` } : a));
    expect(new BrandIndex(1, categories, taught, classifier).retrieve(question)[0].article.ids).toBe('2-9');

    const client = t.client('wonder.localhost');
    await logIn(t, client, await createAuthor(t, { clientId: 2 }));
    const reply = await client.post('/api/pc/v1/book-chapter/ai-chat', {
      message: [{ role: 'user', content: question }],
    });
    expect(reply.body.data).toMatchObject({ grounded: false, has_more: false });
    expect(reply.body.data.message).toContain('帮助中心里没有找到和这个问题相关的内容');
    // The help centre's search box lists what the words find: an author scanning a listing judges it.
    const search = await client.get('/api/pc/v1/help/search', { keyword: question });
    expect(search.body.data.list.length).toBeGreaterThan(0);
  });

  it('answers a question its words found nothing for only with an article the classifier gives more than half', async () => {
    const [categories, articles] = await Promise.all([
      listCategories(t.app.ctx.db, 2),
      listArticles(t.app.ctx.db, 2, { publishedOnly: true }),
    ]);
    const question = '火星上的作者能投稿吗';
    expect(new BrandIndex(0, categories, articles).retrieve(question)).toEqual([]);
    const trainedOn = (asking: string[]) =>
      new ArticleClassifier(
        trainClassifier([
          ...asking.map((ids) => ({ ids, text: question })),
          { ids: '6-35', text: '稿酬什么时候发' },
          { ids: '6-37', text: '银行卡怎么换' },
        ]),
      );
    const certain = trainedOn(['1-1', '1-1', '1-1']);
    expect(certain.probabilities(question).get('1-1')).toBeGreaterThan(0.9);
    const retrieved = new BrandIndex(0, categories, articles, certain).retrieve(question);
    expect(retrieved.map((r) => r.article.ids)).toEqual(['1-1']);
    expect(retrieved[0].passages.length).toBeGreaterThan(0);
    // Fairly sure (more than half, far from certain): answered.
    const fairly = trainedOn(['1-1', '1-1', '1-3']);
    expect(fairly.probabilities(question).get('1-1')).toBeGreaterThan(0.5);
    expect(fairly.probabilities(question).get('1-1')).toBeLessThan(0.9);
    expect(new BrandIndex(0, categories, articles, fairly).retrieve(question).map((r) => r.article.ids)).toEqual([
      '1-1',
    ]);
    // Torn between three articles, it gives none more than half: the question stays out of scope.
    const torn = trainedOn(['1-1', '1-3', '1-4']);
    for (const ids of ['1-1', '1-3', '1-4']) {
      expect(torn.probabilities(question).get(ids)).toBeGreaterThan(0.2);
      expect(torn.probabilities(question).get(ids)).toBeLessThan(0.5);
    }
    expect(new BrandIndex(0, categories, articles, torn).retrieve(question)).toEqual([]);
  });
});

describe('help centre ranking while the classifier relearns', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('ranks an article an admin has just published first for its question, before and after the classifier learns it', async () => {
    const help = helpServiceOf(t.app.ctx);
    await help.trained(2);
    const callers = await consoleCallers(t);
    const question = '限时免费活动';
    // Before the article exists, the classifier places the question with the articles on free and paid chapters.
    const before = (await help.index(2)).retrieve(question).map((r) => r.article.ids);
    expect(before.length).toBeGreaterThan(0);
    const created = await callers.admin.post('/api/admin/help/article/save', {
      category_id: 5,
      title: '什么是限时免费活动？',
      keywords: '限免,限时免费',
      body: '## 限时免费\n限时免费期间，读者可以免费阅读付费章节。',
    });
    const { id, ids } = created.body.data as { id: number; ids: string };
    expect(before).not.toContain(ids);
    await callers.admin.post('/api/admin/help/article/status', { id, status: 1 });
    // At once: the classifier trained before the article was written is not used while the new one trains.
    const found = await callers.author.get('/api/pc/v1/help/search', { keyword: question });
    expect(found.body.data.list[0].id).toBe(ids);
    // Once it has learnt the article, the article is still first.
    expect((await help.trained(2)).retrieve(question)[0].article.ids).toBe(ids);
  });
});
