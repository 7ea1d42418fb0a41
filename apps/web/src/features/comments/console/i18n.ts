import i18n from '../../../i18n/index.ts';

const zhCN = {
  console: {
    comments: {
      reports: '评论举报',
      words: '敏感词',
      status: '状态',
      statuses: { open: '待处理', done: '已处理' },
      outcome: '处理结果',
      outcomes: { hide: '已隐藏', restore: '已恢复', warn: '已警告', ban: '已封禁读者', unban: '已解封读者' },
      reason: '举报原因',
      content: '评论内容',
      reader: '读者',
      book: '作品',
      penName: '举报作者',
      reportedAt: '举报时间',
      actions: { hide: '隐藏', restore: '恢复', warn: '警告', ban: '封禁读者', unban: '解封读者' },
      actionDescriptions: {
        hide: '评论将在阅读站隐藏。',
        restore: '评论将在阅读站恢复显示。',
        warn: '阅读站将向该读者发出警告，评论保持不变。',
        ban: '评论将被隐藏，该读者在本品牌所有作品下的新评论都会被拦截。',
        unban: '解除对该读者的封禁，之后的新评论不再被拦截（这条评论保持隐藏，需要时可再恢复）。',
      },
      word: '敏感词',
      addWord: '添加敏感词',
      addWordDescription: '添加后，作者回复读者和章节发布前的检查都会拦截这个词。',
      removeWord: '删除',
      removeWordDescription: '删除后，这个词不再拦截回复和章节（维护文件中的词不受影响）。',
      addedAt: '添加时间',
      keyword: '关键词',
    },
  },
};

const enUS: typeof zhCN = {
  console: {
    comments: {
      reports: 'Reported comments',
      words: 'Sensitive words',
      status: 'Status',
      statuses: { open: 'Open', done: 'Handled' },
      outcome: 'Outcome',
      outcomes: { hide: 'Hidden', restore: 'Restored', warn: 'Warned', ban: 'Reader banned', unban: 'Ban lifted' },
      reason: 'Reason',
      content: 'Comment',
      reader: 'Reader',
      book: 'Book',
      penName: 'Reported by',
      reportedAt: 'Reported at',
      actions: { hide: 'Hide', restore: 'Restore', warn: 'Warn', ban: 'Ban reader', unban: 'Lift ban' },
      actionDescriptions: {
        hide: 'The comment is hidden on the reading sites.',
        restore: 'The comment shows on the reading sites again.',
        warn: 'The reading sites warn the reader; the comment stays.',
        ban: "The comment is hidden and the reader's new comments on every book of the brand are held.",
        unban:
          "The reader's ban is lifted: their new comments are no longer held (this comment stays hidden; restore it if needed).",
      },
      word: 'Word',
      addWord: 'Add a word',
      addWordDescription: "Authors' replies and the checks before publishing stop this word once added.",
      removeWord: 'Remove',
      removeWordDescription:
        'Replies and chapters are no longer stopped by this word (words of the maintained file stay).',
      addedAt: 'Added at',
      keyword: 'Keyword',
    },
  },
};

i18n.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
i18n.addResourceBundle('en-US', 'translation', enUS, true, false);
