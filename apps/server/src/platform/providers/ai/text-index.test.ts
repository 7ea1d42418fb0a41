import { describe, expect, it } from 'vitest';
import { EmbeddedAiProvider } from './embedded.ts';
import { rankPassages, TextIndex, tokenize } from './text-index.ts';

describe('tokenize', () => {
  it('segments Chinese with Intl.Segmenter (full ICU) and adds CJK bigrams, dropping question words', () => {
    expect(new Intl.Segmenter('zh', { granularity: 'word' }).segment('作品什么时候上架').containing(0)?.segment).toBe(
      '作品',
    );
    const tokens = tokenize('签约需要多少字？');
    // '签约' is split by the ICU dictionary ('签|约') but found as a bigram.
    expect(tokens).toContain('签约');
    expect(tokens).not.toContain('需要');
    expect(tokens).not.toContain('多少');
    expect(tokenize('AI助理 Chrome 78')).toEqual(expect.arrayContaining(['ai', 'chrome', '78', '助理']));
  });

  it('takes no bigram across a stop word, and single characters so that other forms of a word meet', () => {
    const tokens = tokenize('删掉读者的评论');
    expect(tokens).toEqual(expect.arrayContaining(['删掉', '读者', '评论', '删']));
    expect(tokens).not.toContain('者的');
    expect(tokens).not.toContain('的评');
  });
});

describe('TextIndex (BM25F)', () => {
  const index = new TextIndex(
    [
      { id: 'royalty', fields: { title: '稿酬什么时候发放？', body: '稿酬每月结算，于每月8日发放到银行卡。' } },
      { id: 'sign', fields: { title: '申请签约的条件', body: '长篇小说写满2万字可以申请签约。稿酬见结算说明。' } },
      { id: 'leave', fields: { title: '如何请假', body: '在请假管理中提交请假。' } },
    ],
    { title: 3, body: 1 },
  );

  it('ranks a title match above a body mention and reports the covered share of the question', () => {
    const hits = index.search('稿酬几号发放');
    expect(hits[0].id).toBe('royalty');
    expect(hits[0].coverage).toBeGreaterThan(hits[1]?.coverage ?? 0);
  });

  it('finds nothing for unknown words, and synonyms stand in at a lower weight', () => {
    expect(index.search('今天天气').length).toBe(0);
    const hits = index.search('休息几天', { extraTerms: tokenize('请假') });
    expect(hits[0].id).toBe('leave');
  });

  it("scores a document by its best passage: the question's words in one paragraph, not scattered over the body", () => {
    const passages = new TextIndex(
      [
        {
          id: 'together',
          fields: { title: '收款说明' },
          passages: ['稿酬每月8日发放到银行卡。', '作品签约后可以在作品管理中查看合同和签约进度，也可以联系责任编辑。'],
        },
        {
          id: 'scattered',
          fields: { title: '结算说明' },
          passages: [
            '稿酬的组成见结算说明，按月汇总。',
            '收入管理中可以看到每日收入的变化。',
            '福利按规则发放，全勤奖另计。',
            '个人信息中可以绑定银行卡和联系方式。',
          ],
        },
      ],
      { title: 3 },
    );
    const hits = passages.search('稿费几号发放到银行卡');
    expect(hits.map((h) => h.id)).toEqual(['together', 'scattered']);
    expect(hits[0]).toMatchObject({ coverage: 1, passage: 0 });
    expect(hits[1].coverage).toBeLessThan(0.7);
  });

  it('ranks passages by the specific words they hold, earlier ones winning ties', () => {
    const ranked = rankPassages(['概述。', '每月8日发放稿酬。', '发放稿酬到银行卡。'], '稿酬几号发放', (t) =>
      index.idf(t),
    );
    expect(ranked[0].index).toBe(1);
  });
});

describe('EmbeddedAiProvider', () => {
  it('quotes the passages of the article of the requested slot and links it; never answers without one', async () => {
    const provider = new EmbeddedAiProvider();
    const sources = [
      {
        ids: '6-36',
        title: '稿酬什么时候发放？',
        url: '/front/help-center/questions/6-36',
        passages: ['每月8日发放。'],
        score: 9,
      },
      {
        ids: '6-35',
        title: '稿酬由哪几部分组成？',
        url: '/front/help-center/questions/6-35',
        passages: ['保底、分成、福利。'],
        score: 5,
      },
    ];
    const base = { question: '稿费', sources, language: 'zh-CN' as const, platformName: 'P', helpHomeUrl: '/h' };
    const first = await provider.answer({ ...base, answerIndex: 0 });
    expect(first).toEqual({
      text: '每月8日发放。\n\n详细说明见帮助中心《稿酬什么时候发放？》。',
      sources: [{ ids: '6-36', title: '稿酬什么时候发放？', url: '/front/help-center/questions/6-36' }],
      grounded: true,
      hasMore: true,
    });
    expect((await provider.answer({ ...base, answerIndex: 1 })).hasMore).toBe(false);
    const none = await provider.answer({ ...base, sources: [], answerIndex: 0 });
    expect(none.grounded).toBe(false);
    expect(none.sources).toEqual([{ ids: '', title: '帮助中心', url: '/h' }]);
  });
});
