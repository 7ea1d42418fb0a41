import { MAIN_PLATFORM_CLIENT_ID } from '@author-centre/shared';
import type { FastifyRequest } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { authOf } from '../auth/guards.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { badInput, forbidden } from './errors.ts';

/** The header a platform admin's console sends to act in another brand. */
export const CONSOLE_CLIENT_HEADER = 'x-console-client';

/** A staff member (editor or admin) in the operations console, and the brand they act in. */
export interface StaffContext extends AuthContext {
  /** The brand every read and write of this request is scoped to. */
  clientId: number;
  /** The brand of the staff account itself (its session's brand). */
  ownClientId: number;
  /** An admin of the main platform (client 1): may act in every brand through the brand switcher. */
  platformAdmin: boolean;
}

export const isPlatformAdmin = (auth: AuthContext) =>
  auth.role === 'admin' && auth.clientId === MAIN_PLATFORM_CLIENT_ID;

/**
 * The staff member of a console route (declared with `config.auth` 'editor' or 'admin'). A brand's
 * editor or admin always acts in their own brand; only a platform admin may name another one, and
 * a request naming another brand without that right is refused, never quietly re-scoped.
 */
export function staffOf(request: FastifyRequest): StaffContext {
  const auth = authOf(request);
  const platformAdmin = isPlatformAdmin(auth);
  const asked = request.headers[CONSOLE_CLIENT_HEADER];
  let clientId = auth.clientId;
  if (typeof asked === 'string' && asked !== '' && Number(asked) !== auth.clientId) {
    if (!platformAdmin) {
      throw forbidden({
        'zh-CN': '您只能管理本品牌的数据',
        'en-US': 'You can only manage the data of your own brand',
      });
    }
    const wanted = Number(asked);
    if (!Number.isInteger(wanted) || wanted <= 0 || !request.server.ctx.brands.has(wanted)) {
      throw badInput(CONSOLE_CLIENT_HEADER, { 'zh-CN': '没有这个品牌', 'en-US': 'There is no such brand' });
    }
    clientId = wanted;
  }
  return { ...auth, clientId, ownClientId: auth.clientId, platformAdmin };
}

/** The most rows one page of a console table may ask for (CSV export pages through with it). */
export const CONSOLE_MAX_PAGE_SIZE = 500;

/**
 * Paging and sorting of every console table: `page`, `page_size`, `sort` (a column the route
 * allows) and `order` ('ascend' | 'descend', Ant Design's words). Filters are the route's own fields.
 */
export function listQuery<const S extends string, T extends z.ZodRawShape>(sortable: readonly [S, ...S[]], filters: T) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(CONSOLE_MAX_PAGE_SIZE).default(30),
    sort: z.enum(sortable).optional(),
    order: z.enum(['ascend', 'descend']).optional(),
    ...filters,
  });
}

export interface ListPage<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

/**
 * One page of a console table: counts the filtered rows, orders by the asked column (else the
 * default), breaks ties by `tiebreak` so pages never repeat or skip a row, and takes the page.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  input: { page: number; page_size: number; sort?: string; order?: 'ascend' | 'descend' },
  columns: { sorts: Record<string, string>; defaultSort: string; defaultOrder: 'ascend' | 'descend'; tiebreak: string },
): Promise<ListPage<O>> {
  const countRow = (await (query as SelectQueryBuilder<any, any, any>)
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst()) as { total: number | string | bigint } | undefined;
  const sortColumn = (input.sort && columns.sorts[input.sort]) || columns.sorts[columns.defaultSort];
  const direction = (input.sort ? (input.order ?? 'ascend') : columns.defaultOrder) === 'ascend' ? 'asc' : 'desc';
  const list = await (query as SelectQueryBuilder<any, any, O>)
    .orderBy(sortColumn, direction)
    .orderBy(columns.tiebreak, direction)
    .limit(input.page_size)
    .offset((input.page - 1) * input.page_size)
    .execute();
  return { list, total: Number(countRow?.total ?? 0), page: input.page, page_size: input.page_size };
}

/**
 * An IP address as a staff member may see it: in full for an admin, without its last part for an
 * editor (enough to tell places apart, not to find the person): '203.0.113.*', '2001:db8:1:2:*'.
 */
export function ipForStaff(staff: Pick<StaffContext, 'role'>, ip: string): string {
  if (staff.role === 'admin' || !ip) return ip;
  if (ip.includes(':') && !ip.startsWith('::ffff:')) return `${ip.split(':').slice(0, 4).join(':')}:*`;
  return ip.replace(/\.\d+$/, '.*');
}
