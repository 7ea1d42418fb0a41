import type { Kysely } from 'kysely';

/** The embedded assistant's "nothing found" answers as they were worded when this migration was written. */
const NOTHING_FOUND_ANSWERS = [
  '抱歉，帮助中心里没有找到和这个问题相关的内容，我不能凭猜测回答您。我可以解答作者中心的使用和规则问题，比如申请签约、稿酬结算、作品上架、章节发布和请假。您可以换个说法再问，或者到帮助中心浏览全部问题。',
  'Sorry, the help centre has nothing on this question, and I will not guess. I can answer questions about using the author centre and its rules: applying for signing, royalty settlement, getting on shelf, publishing chapters, leave. Try asking in other words, or browse all questions in the help centre.',
];

/** A copy of questionKey() as it was when this migration was written (migrations never change). */
const keyOf = (question: string) =>
  question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '')
    .slice(0, 200);

/**
 * Help-centre numbers are never given twice. The AI assistant's log learns what the help-centre retrieval found: `retrieved` is how many
 * articles answered the question (0 = nothing found; null when no retrieval ran: a greeting, a
 * refusal, a rate limit), and `question_key` groups the same question asked in other spacing or
 * punctuation, for the console's "what to write next" list.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The highest article and category number a brand ever gave: a deleted article's address and
  // number (kept in audit records and in the assistant's log) never comes back as another article.
  await db.schema
    .alterTable('help_state')
    .addColumn('last_article_number', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('help_state')
    .addColumn('last_category_number', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable('ai_chats').addColumn('retrieved', 'integer').execute();
  await db.schema.alterTable('ai_chats').addColumn('question_key', 'text').execute();
  await db.schema
    .createIndex('ai_chats_nothing_found')
    .on('ai_chats')
    .columns(['client_id', 'retrieved', 'question_key'])
    .execute();

  // Earlier questions: the only "nothing found" that can be told apart is the embedded answer's own text.
  const rows = await db
    .selectFrom('ai_chats')
    .select(['id', 'question'])
    .where('outcome', '=', 'no_match')
    .where('answer_index', '=', 0)
    .where('answer', 'in', NOTHING_FOUND_ANSWERS)
    .execute();
  for (const row of rows) {
    await db
      .updateTable('ai_chats')
      .set({ retrieved: 0, question_key: keyOf(row.question) })
      .where('id', '=', row.id)
      .execute();
  }
}
