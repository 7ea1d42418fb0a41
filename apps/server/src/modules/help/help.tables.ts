import type { Generated } from 'kysely';

export interface HelpCategoryTable {
  id: Generated<number>;
  client_id: number;
  /** The category's number within its brand, as in the page address `questions/<category>-<question>`. */
  number: number;
  name: string;
  description: string;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface HelpArticleTable {
  id: Generated<number>;
  client_id: number;
  /** The question's number within its brand (`questions/1-12` is category 1, question 12). */
  number: number;
  /** help_categories.id */
  category_id: number;
  title: string;
  /**
   * Plain text: paragraphs separated by blank lines; a line starting with '## ' is a heading,
   * '- ' a list item, '1. ' a numbered step. Rendered as text, never as HTML.
   */
  body: string;
  /** Words authors use for this question (comma separated): weighted between the title and the body in search. */
  keywords: string;
  /**
   * How authors ask what the article answers, in their own words, a question a line (migration 202612290101): each
   * line is matched on its own by search and the AI assistant, never shown to authors.
   */
  asked: string;
  /** 1: listed among the popular questions on the help centre's home. */
  popular: number;
  sort: number;
  /** 1 published, 0 hidden (drafts are not shown, searched or used by the assistant). */
  status: number;
  pv: number;
  solved_yes: number;
  solved_no: number;
  created_at: number;
  updated_at: number;
}

export interface HelpSolveTable {
  id: Generated<number>;
  client_id: number;
  article_id: number;
  /** 'a:<account id>' for a logged-in author, 'k:<request key id>' for a visitor's browser. */
  voter: string;
  solved: number;
  created_at: number;
}

/** Per brand: whether the standard articles were seeded, and a revision bumped by every content change. */
export interface HelpStateTable {
  client_id: number;
  revision: number;
  seeded_at: number;
  /** The highest numbers ever given (a deleted one is never given again: it is a page address). */
  last_article_number: Generated<number>;
  last_category_number: Generated<number>;
}

/**
 * The standard articles (help-articles.ts, keyed by number) a brand has ever been given, whether it still holds
 * them or not (migration 202612270201): a row is never removed, so an article its admins deleted is not added again.
 */
export interface HelpStandardArticleTable {
  client_id: number;
  article_key: number;
  given_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    help_categories: HelpCategoryTable;
    help_articles: HelpArticleTable;
    help_solves: HelpSolveTable;
    help_state: HelpStateTable;
    help_standard_articles: HelpStandardArticleTable;
  }
}
