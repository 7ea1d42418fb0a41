import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Empty, Spin } from 'antd';
import { type Key, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './plain.css';

export interface PlainColumn<T> {
  key?: string;
  title: ReactNode;
  /** The field of the row the cell shows (and `render` gets as its first argument). */
  dataIndex?: string;
  render?: (value: any, record: T, index: number) => ReactNode;
  width?: number;
  minWidth?: number;
  align?: 'right' | 'center';
  /** On the column's header and cells alike. */
  className?: string;
}

export interface PlainPagination {
  current?: number;
  pageSize?: number;
  /** The rows on every page, when the server pages; without it, the table pages `dataSource` itself. */
  total?: number;
  onChange?: (page: number) => void;
  hideOnSinglePage?: boolean;
}

export interface PlainTableProps<T> {
  /** What the table is, for assistive technology (the table's accessible name). */
  'aria-label': string;
  'data-testid'?: string;
  columns: PlainColumn<T>[];
  dataSource?: readonly T[];
  rowKey: (keyof T & string) | ((record: T) => Key);
  size?: 'small' | 'middle' | 'large';
  loading?: boolean;
  /** Shown in place of the rows when there are none and nothing is loading (antd's empty picture by default). */
  emptyText?: ReactNode;
  /** 10 rows a page unless said otherwise, as antd's; `false` shows every row. */
  pagination?: false | PlainPagination;
  /** A checkbox a row and one for the whole page; `onChange` gets the keys of the rows in view that are ticked. */
  rowSelection?: { selectedRowKeys: readonly Key[]; onChange: (keys: Key[]) => void };
  rowClassName?: (record: T) => string | undefined;
  /** Rows (`<tr>`) under the others, such as a total. */
  summary?: ReactNode;
}

/** The page numbers antd's Pagination shows (rc-pagination, not `showLessItems`): 0 marks a jump of 5 pages. */
export function pagerItems(current: number, pages: number): number[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  let left = Math.max(1, current - 2);
  let right = Math.min(current + 2, pages);
  if (current - 1 <= 2) right = 5;
  if (pages - current <= 2) left = pages - 4;
  const jumpBack = current - 1 >= 4 && current !== 3;
  const jumpOn = pages - current >= 4 && current !== pages - 2;
  if (jumpBack && right !== pages) left += 1;
  if (jumpOn && left !== 1) right -= 1;
  const items = Array.from({ length: right - left + 1 }, (_, i) => left + i);
  if (jumpBack) items.unshift(0);
  if (jumpOn) items.push(-1);
  if (left !== 1) items.unshift(1);
  if (right !== pages) items.push(pages);
  return items;
}

function Pager({
  current,
  pages,
  small,
  onChange,
}: {
  current: number;
  pages: number;
  small: boolean;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className={small ? 'ac-pager ac-pager--sm' : 'ac-pager'} aria-label={t('table.pagination')}>
      <button
        type="button"
        className="ac-pager__item"
        aria-label={t('table.prevPage')}
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      >
        <LeftOutlined aria-hidden />
      </button>
      {pagerItems(current, pages).map((page) =>
        page > 0 ? (
          <button
            key={page}
            type="button"
            className="ac-pager__item"
            aria-label={t('table.page', { page })}
            aria-current={page === current ? 'page' : undefined}
            onClick={() => page !== current && onChange(page)}
          >
            {page}
          </button>
        ) : (
          <button
            key={page}
            type="button"
            className="ac-pager__item ac-pager__jump"
            aria-label={t(page === 0 ? 'table.prev5' : 'table.next5')}
            onClick={() => onChange(page === 0 ? Math.max(1, current - 5) : Math.min(pages, current + 5))}
          >
            •••
          </button>
        ),
      )}
      <button
        type="button"
        className="ac-pager__item"
        aria-label={t('table.nextPage')}
        disabled={current >= pages}
        onClick={() => onChange(current + 1)}
      >
        <RightOutlined aria-hidden />
      </button>
    </nav>
  );
}

function Checkbox({
  checked,
  mixed,
  disabled,
  label,
  onChange,
}: {
  checked: boolean;
  mixed?: boolean;
  disabled?: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = Boolean(mixed);
  }, [mixed]);
  return (
    <input
      ref={input}
      type="checkbox"
      className="ac-checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

const cellClass = (column: { align?: string; className?: string }) =>
  [column.align && `ac-table__cell--${column.align}`, column.className].filter(Boolean).join(' ') || undefined;

/** A cell of a `summary` row (a `<tr>`), such as a total. */
export function SummaryCell({
  align,
  colSpan,
  children,
}: {
  align?: 'right' | 'center';
  colSpan?: number;
  children?: ReactNode;
}) {
  return (
    <td colSpan={colSpan} className={align && `ac-table__cell--${align}`}>
      {children}
    </td>
  );
}

/**
 * antd's Table look without antd's table: a real table with column headers, an optional checkbox column,
 * rows rendered by each column, a total row (`summary`), the loading spinner and empty state, and a pager
 * (its own paging, or the server's when `total` is given).
 */
export function PlainTable<T>({
  columns,
  dataSource = [],
  rowKey,
  size = 'large',
  loading = false,
  emptyText,
  pagination = {},
  rowSelection,
  rowClassName,
  summary,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: PlainTableProps<T>) {
  const { t } = useTranslation();
  const [ownPage, setOwnPage] = useState(1);
  const keyOf = (record: T): Key =>
    typeof rowKey === 'function' ? rowKey(record) : (record[rowKey] as unknown as Key);

  const paged = pagination !== false;
  const pageSize = (paged && pagination.pageSize) || 10;
  const serverPaged = paged && pagination.total !== undefined;
  const total = serverPaged ? (pagination.total ?? 0) : dataSource.length;
  const pages = Math.ceil(total / pageSize);
  const current = Math.min(Math.max(1, (paged && pagination.current) || ownPage), Math.max(1, pages));
  const rows = paged && !serverPaged ? dataSource.slice((current - 1) * pageSize, current * pageSize) : dataSource;
  const showPager = paged && total > 0 && !(pagination.hideOnSinglePage && pages <= 1);
  const changePage = (page: number) => {
    setOwnPage(page);
    if (paged) pagination.onChange?.(page);
  };

  const selected = new Set(rowSelection?.selectedRowKeys);
  const inView = rows.map(keyOf);
  const ticked = inView.filter((k) => selected.has(k));
  const select = (keys: Key[], on: boolean) => {
    const next = new Set(ticked);
    for (const k of keys) on ? next.add(k) : next.delete(k);
    rowSelection?.onChange(inView.filter((k) => next.has(k)));
  };

  const width = columns.length + (rowSelection ? 1 : 0);
  // While loading, the spinner alone: no 'no data' under it.
  const empty = loading ? null : (emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />);

  return (
    <div className="ac-table-wrap" data-testid={testId}>
      <Spin spinning={loading}>
        <table className={`ac-table ac-table--${size}`} aria-label={ariaLabel}>
          <thead>
            <tr>
              {rowSelection && (
                <th scope="col" className="ac-table__select">
                  <Checkbox
                    label={t('table.selectAll')}
                    checked={inView.length > 0 && ticked.length === inView.length}
                    mixed={ticked.length > 0 && ticked.length < inView.length}
                    disabled={inView.length === 0}
                    onChange={(on) => select(inView, on)}
                  />
                </th>
              )}
              {columns.map((column, i) => (
                <th
                  key={column.key ?? column.dataIndex ?? i}
                  scope="col"
                  className={cellClass(column)}
                  style={{ width: column.width, minWidth: column.minWidth }}
                >
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="ac-table__empty">
                <td colSpan={width}>{empty}</td>
              </tr>
            ) : (
              rows.map((record, index) => {
                const key = inView[index];
                const on = selected.has(key);
                return (
                  <tr
                    key={key}
                    className={
                      [on && 'ac-table__row--selected', rowClassName?.(record)].filter(Boolean).join(' ') || undefined
                    }
                  >
                    {rowSelection && (
                      <td className="ac-table__select">
                        <Checkbox label={t('table.selectRow')} checked={on} onChange={(v) => select([key], v)} />
                      </td>
                    )}
                    {columns.map((column, i) => {
                      const value = column.dataIndex
                        ? (record as Record<string, unknown>)[column.dataIndex]
                        : undefined;
                      return (
                        <td key={column.key ?? column.dataIndex ?? i} className={cellClass(column)}>
                          {column.render ? column.render(value, record, index) : (value as ReactNode)}
                        </td>
                      );
                    })}
                  </tr>
                );
              })
            )}
          </tbody>
          {summary && <tfoot className="ac-table__summary">{summary}</tfoot>}
        </table>
        {showPager && <Pager current={current} pages={pages} small={size !== 'large'} onChange={changePage} />}
      </Spin>
    </div>
  );
}
