import type { Generated } from 'kysely';

export type AiChatOutcome = 'answered' | 'no_match' | 'refused' | 'failed';
export type AiAnswerMark = 'use' | 'useless';

/** Every question put to the AI assistant, its answer and the author's mark, for the operators. */
export interface AiChatTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  question: string;
  /** The answer shown, or the refusal or failure message. */
  answer: string;
  /** 0 for the first answer, n for the n-th '换一换'. */
  answer_index: number;
  provider: string;
  /** JSON list of the help-centre articles ('1-12') the answer rests on. */
  sources: string;
  outcome: AiChatOutcome;
  error_code: number | null;
  mark: AiAnswerMark | null;
  marked_at: number | null;
  duration_ms: number;
  created_at: number;
  /**
   * How many help-centre articles the retrieval found for the question: 0 is "nothing found" (what
   * to write next); null when no retrieval ran (a greeting, a refusal, a rate limit).
   */
  retrieved: number | null;
  /** The question without case, spacing and punctuation: the same question asked twice groups together. */
  question_key: string | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    ai_chats: AiChatTable;
  }
}
