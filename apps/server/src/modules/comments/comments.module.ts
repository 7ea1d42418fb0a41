import type { FastifyInstance } from 'fastify';
import './comment-events.ts';
import { commentsRoutes } from './comments.routes.ts';
import { moderationRoutes } from './moderation.routes.ts';

/** Reader comments and error corrections (issue 14): one entry of the app's MODULES list. */
export async function commentsModule(app: FastifyInstance): Promise<void> {
  await commentsRoutes(app);
  await moderationRoutes(app);
}
