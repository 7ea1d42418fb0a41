import type { BrowserContext, Page } from 'playwright-core';
import { appUrl } from './browser.ts';
import { type E2eAuthor, logIn, serverDb } from './home-session.ts';

/** TEST-ONLY helpers of the console's browser tests: the seeded staff of a brand, logged in by session. */
export const CONSOLE_CLIENT_BY_BRIEF: Record<string, number> = { main: 1, wonder: 2, third: 3, 'brain-hole': 4 };
const DEMO_STAFF_SUFFIX = { editor: '责任编辑', admin: '管理员' } as const;

/** The demo editor or admin of a brand ('main' is the main platform: its admin is a platform admin). */
export async function demoStaff(brief: string, role: 'editor' | 'admin'): Promise<E2eAuthor> {
  const { db } = serverDb();
  const clientId = CONSOLE_CLIENT_BY_BRIEF[brief]!;
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'user_id', 'pen_name'])
    .where('client_id', '=', clientId)
    .where('role', '=', role)
    .where('pen_name', 'like', `%${DEMO_STAFF_SUFFIX[role]}`)
    .executeTakeFirstOrThrow();
  return {
    userId: row.user_id,
    accountId: row.id,
    clientId,
    brief,
    penName: row.pen_name,
    phone: null,
  };
}

/** Logs the staff member in (a session, as a completed login leaves) and opens a console path. */
export async function openConsole(
  context: BrowserContext,
  page: Page,
  staff: E2eAuthor,
  path = '/admin',
): Promise<void> {
  await logIn(context, staff);
  await page.goto(appUrl(path, staff.brief));
  await page.locator('.ac-console, .ant-result').first().waitFor();
}
