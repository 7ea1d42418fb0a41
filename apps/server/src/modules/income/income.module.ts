import type { FastifyInstance } from 'fastify';
import { bookDataRoutes } from './book-data.routes.ts';
import { incomeRoutes } from './income.routes.ts';
import { integrationRoutes } from './integration.routes.ts';
import { settlementRoutes } from './settlement.routes.ts';
import { defineMonthCloseJob, scheduleMonthClose } from './settlement.ts';

/** Reader activity, book data and income (issue 13): one entry of the app's MODULES list. */
export async function incomeModule(app: FastifyInstance): Promise<void> {
  await integrationRoutes(app);
  await incomeRoutes(app);
  await bookDataRoutes(app);
  await settlementRoutes(app);
  defineMonthCloseJob(app.ctx);
  if (app.ctx.config.RUN_JOBS) app.addHook('onReady', async () => scheduleMonthClose(app.ctx, app.ctx.db));
}
