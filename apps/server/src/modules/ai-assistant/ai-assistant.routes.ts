import { AI_ASSISTANT, ErrorCode } from '@author-centre/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guards.ts';
import { listQuery, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { languageOf } from '../../platform/http/language.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { addProfileContributor } from '../auth/accounts.service.ts';
import { aiAssistantProfileFields, aiAssistantServiceOf, MAX_ANSWER_INDEX } from './ai-assistant.service.ts';

const QUESTION_EMPTY = { 'zh-CN': '请输入您的问题', 'en-US': 'Please enter your question' };

/**
 * §7 ai-chat: `message` is the conversation as a list of {role:'user', content}; the last one is
 * the question. `answer_index` (ours) asks for the n-th different answer to it ('换一换').
 */
const AskBody = z.object({
  message: z
    .array(z.object({ role: z.literal('user'), content: z.string().max(2000) }))
    .min(1)
    .max(AI_ASSISTANT.historyMessages),
  answer_index: z.number().int().min(0).max(MAX_ANSWER_INDEX).default(0),
});

const Time = z.coerce.number().int().min(0).max(8_640_000_000_000_000);

const ChatsQuery = listQuery(['created_at', 'duration_ms'], {
  mark: z.enum(['use', 'useless', 'none']).optional(),
  outcome: z.enum(['answered', 'no_match', 'refused', 'failed']).optional(),
  nothing_found: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  keyword: z.string().trim().max(50).optional(),
  created_from: Time.optional(),
  created_to: Time.optional(),
});

const NothingFoundQuery = listQuery(['asks', 'authors', 'last_asked_at'], {
  keyword: z.string().trim().max(50).optional(),
  created_from: Time.optional(),
  created_to: Time.optional(),
});

/** The profile's contributors are kept per process; the assistant's fields are the same function for every app. */
let profileFieldsAdded = false;

/** The AI assistant (§2, §4, §7, §8): questions answered from the help centre, marks, and the operators' log. */
export async function aiAssistantRoutes(app: FastifyInstance): Promise<void> {
  const service = aiAssistantServiceOf(app.ctx);
  if (!profileFieldsAdded) {
    // GET /api/author/profile: ai_assistant_auth and ai_assistant_questions come from this module.
    addProfileContributor(aiAssistantProfileFields);
    profileFieldsAdded = true;
  }

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/ai-chat'], { config: { auth: 'author' } }, async (request) => {
    const body = parseInput(AskBody, request.body, request);
    const question = body.message[body.message.length - 1].content.trim();
    if (question.length === 0) throw new AppError(ErrorCode.invalidInput, QUESTION_EMPTY, { field: 'message' });
    if ([...question].length > AI_ASSISTANT.questionMaxLength) {
      throw new AppError(
        ErrorCode.invalidInput,
        {
          'zh-CN': `问题最多${AI_ASSISTANT.questionMaxLength}字`,
          'en-US': `A question has at most ${AI_ASSISTANT.questionMaxLength} characters`,
        },
        { field: 'message' },
      );
    }
    const reply = await service.ask(request.brand, authOf(request), languageOf(request), {
      question,
      answerIndex: body.answer_index,
    });
    return ok(reply);
  });

  // Streaming answers are switched off (§4): the stream path answers 'under maintenance', no retry.
  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/ai-chat-stream'], { config: { auth: 'author' } }, async () => {
    throw new AppError(
      ErrorCode.aiRefused,
      { 'zh-CN': '功能维护中', 'en-US': 'Under maintenance' },
      { httpStatus: 503 },
    );
  });

  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/book-chapter/ai-chat-mark'],
    { config: { auth: 'author' } },
    async (request) => {
      const body = parseInput(
        z.object({ id: z.number().int().min(1), use: z.enum(['use', 'useless']) }),
        request.body,
        request,
      );
      return ok(await service.mark(request.brand, authOf(request), body.id, body.use));
    },
  );

  // §7 global ai-config: whether the assistant is on for the caller, its intro questions and limits.
  routeAliases(app, 'GET', ['/api/pc/v1/global/ai-config'], { config: { auth: 'optional' } }, async (request) => {
    const fields = await aiAssistantProfileFields(app.ctx, request.auth);
    return ok({
      ...fields,
      stream: 0,
      question_max_length: AI_ASSISTANT.questionMaxLength,
      timeout_ms: AI_ASSISTANT.requestTimeoutMs,
    });
  });

  // ---- operations console: the questions log and "what to write next" ----
  // Editors read them as well as admins: they answer the same authors and see what they ask. Nothing here writes.
  const staff = { config: { auth: 'editor' as const } };

  routeAliases(
    app,
    'GET',
    ['/api/admin/ai-assistant/chats', '/api/pc/v1/admin/ai-assistant/chats'],
    staff,
    async (request) => {
      const q = parseInput(ChatsQuery, request.query, request);
      return ok(await service.chats(staffOf(request).clientId, q));
    },
  );

  routeAliases(app, 'GET', ['/api/admin/ai-assistant/nothing-found'], staff, async (request) => {
    const q = parseInput(NothingFoundQuery, request.query, request);
    return ok(await service.nothingFound(staffOf(request).clientId, q));
  });
}
