import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { parseShanghaiDate } from '@author-centre/shared/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { Alert, Button, DatePicker, Input, Modal, Progress, Select, Space, Table, type TableColumnType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { type Key, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '../platform/notify.ts';
import type { Params } from '../platform/request-signing.ts';
import { CONSOLE_QUERY_ROOT, consoleGet, type ListPage } from './console-api.ts';
import { type CsvCell, downloadText, toCsv } from './csv.ts';
import './i18n.ts';

/** A column of a console table. */
export interface ConsoleColumn<T> extends TableColumnType<T> {
  /** The name the server sorts this column by (one of its `listQuery` sortable names): makes it sortable. */
  sortKey?: string;
  /** The cell in the CSV export; by default the value at `dataIndex`. `false` leaves the column out. */
  csv?: ((row: T) => CsvCell) | false;
}

/** A filter above the table; its value lives in the address under `key` (a date range under `<key>_from`/`_to`). */
export type ConsoleFilter =
  | { key: string; label: string; type: 'text'; placeholder?: string }
  | {
      key: string;
      label: string;
      type: 'select';
      options: { value: string; label: string }[];
      /** A choice that is always made (no "全部"): shown when the address names none, which the server defaults to. */
      defaultValue?: string;
    }
  | { key: string; label: string; type: 'dateRange' };

export interface ConsoleTableProps<T> {
  /** The list route; it answers `{ list, total, page, page_size }` (listQuery + pageOf on the server). */
  path: string;
  columns: ConsoleColumn<T>[];
  rowKey: (row: T) => Key;
  filters?: ConsoleFilter[];
  /** Fixed parameters that are not in the address (e.g. the person of a detail page). */
  params?: Params;
  /** Actions on the selected rows; giving them turns row selection on. */
  bulkActions?: (selected: T[], clearSelection: () => void) => ReactNode;
  /** The CSV file's name, without '.csv'. */
  exportName: string;
  /** Buttons at the right of the filter bar (e.g. "new"). */
  toolbar?: ReactNode;
  expandable?: TableProps<T>['expandable'];
  /** Prefix of this table's address parameters, when one page shows two tables. */
  urlPrefix?: string;
}

const PAGE_SIZES = ['10', '30', '50', '100'];
const DEFAULT_PAGE_SIZE = 30;
const EXPORT_PAGE_SIZE = 500;
/** The most rows one export fetches (40 calls of 500). */
export const EXPORT_MAX_ROWS = 20_000;

const dayMs = 86_400_000;

/** The request parameters a filter's address value stands for (dates become Beijing-day instants). */
function filterParams(filters: ConsoleFilter[], read: (key: string) => string | null): Params {
  const params: Params = {};
  for (const filter of filters) {
    if (filter.type === 'dateRange') {
      const from = parseShanghaiDate(read(`${filter.key}_from`) ?? '');
      const to = parseShanghaiDate(read(`${filter.key}_to`) ?? '');
      if (!Number.isNaN(from)) params[`${filter.key}_from`] = from;
      if (!Number.isNaN(to)) params[`${filter.key}_to`] = to + dayMs;
    } else {
      const value = read(filter.key)?.trim();
      if (value) params[filter.key] = value;
    }
  }
  return params;
}

function valueAt(row: unknown, dataIndex: unknown): unknown {
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let value: unknown = row;
  for (const key of path) value = value == null ? undefined : (value as Record<string, unknown>)[String(key)];
  return value;
}

/**
 * THE console table: server-side paging and sorting, filters kept in the address (so a view can be
 * shared as a link), optional bulk actions on selected rows, and a CSV export of every row the
 * filters match (fetched page by page with a progress bar).
 */
export function ConsoleTable<T extends object>(props: ConsoleTableProps<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const prefix = props.urlPrefix ?? '';
  const read = (key: string) => search.get(prefix + key);
  const filters = props.filters ?? [];

  const page = Math.max(1, Number(read('page')) || 1);
  const pageSize = PAGE_SIZES.includes(read('page_size') ?? '') ? Number(read('page_size')) : DEFAULT_PAGE_SIZE;
  const sort = read('sort') ?? undefined;
  const order = read('order') === 'ascend' || read('order') === 'descend' ? (read('order') as string) : undefined;
  const applied = filterParams(filters, read);
  const requestParams: Params = { ...props.params, ...applied, ...(sort ? { sort, order: order ?? 'ascend' } : {}) };

  const query = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, props.path, requestParams, page, pageSize],
    queryFn: ({ signal }) =>
      consoleGet<ListPage<T>>(props.path, { ...requestParams, page, page_size: pageSize }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(prefix + key);
      else next.set(prefix + key, value);
    }
    setSearch(next, { replace: false });
  };

  const [selected, setSelected] = useState<T[]>([]);
  const clearSelection = () => setSelected([]);

  const columns = props.columns.map((column) => ({
    ...column,
    sorter: column.sortKey ? true : undefined,
    sortOrder: column.sortKey && column.sortKey === sort ? (order as 'ascend' | 'descend') : null,
  }));

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
    const column = s?.column as ConsoleColumn<T> | undefined;
    if (extra.action === 'sort') {
      clearSelection();
      update({
        sort: s.order && column?.sortKey ? column.sortKey : null,
        order: s.order && column?.sortKey ? s.order : null,
        page: null,
      });
    } else if (extra.action === 'paginate') {
      update({
        page: pagination.current && pagination.current > 1 ? String(pagination.current) : null,
        page_size:
          pagination.pageSize && pagination.pageSize !== DEFAULT_PAGE_SIZE ? String(pagination.pageSize) : null,
      });
    }
  };

  return (
    <div className="ac-console-table">
      <FilterBar filters={filters} read={read} update={update} toolbar={props.toolbar}>
        <CsvExport
          path={props.path}
          params={requestParams}
          columns={props.columns}
          fileName={props.exportName}
          disabled={!query.data?.total}
        />
      </FilterBar>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('console.table.failed')}
          description={(query.error as Error)?.message || t('console.loadFailedDesc')}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t('console.retry')}
            </Button>
          }
        />
      )}
      {props.bulkActions && selected.length > 0 && (
        <Space className="ac-console-table__bulk" style={{ marginBottom: 12 }}>
          <span>{t('console.table.selected', { count: selected.length })}</span>
          {props.bulkActions(selected, clearSelection)}
          <Button size="small" type="link" onClick={clearSelection}>
            {t('console.table.clearSelection')}
          </Button>
        </Space>
      )}
      <Table<T>
        size="middle"
        rowKey={props.rowKey}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        expandable={props.expandable}
        locale={{ emptyText: query.isError ? t('console.table.failed') : t('console.table.empty') }}
        rowSelection={
          props.bulkActions
            ? {
                selectedRowKeys: selected.map(props.rowKey),
                preserveSelectedRowKeys: true,
                onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
              }
            : undefined
        }
        pagination={{
          current: page,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t('console.table.total', { total }),
        }}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}

function FilterBar(props: {
  filters: ConsoleFilter[];
  read: (key: string) => string | null;
  update: (changes: Record<string, string | null>) => void;
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const keys = props.filters.flatMap((f) => (f.type === 'dateRange' ? [`${f.key}_from`, `${f.key}_to`] : [f.key]));
  const fromAddress = () => Object.fromEntries(keys.map((k) => [k, props.read(k) ?? '']));
  const [draft, setDraft] = useState<Record<string, string>>(fromAddress);
  // The address wins when it changes by itself (back/forward, a shared link).
  const addressKey = keys.map((k) => props.read(k) ?? '').join('\u0000');
  const seen = useRef(addressKey);
  if (seen.current !== addressKey) {
    seen.current = addressKey;
    setDraft(fromAddress());
  }
  const apply = () => props.update({ ...draft, page: null });
  const reset = () =>
    props.update({ ...Object.fromEntries(keys.map((k) => [k, null])), page: null, sort: null, order: null });

  return (
    <div className="ac-console-table__filters" style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 16 }}>
      {props.filters.map((filter) => {
        const label = <span style={{ color: 'rgba(0,0,0,0.65)' }}>{filter.label}</span>;
        if (filter.type === 'text') {
          return (
            <Space key={filter.key}>
              {label}
              <Input
                allowClear
                aria-label={filter.label}
                style={{ width: 180 }}
                placeholder={filter.placeholder}
                value={draft[filter.key]}
                onChange={(e) => setDraft({ ...draft, [filter.key]: e.target.value })}
                onPressEnter={apply}
              />
            </Space>
          );
        }
        if (filter.type === 'select') {
          return (
            <Space key={filter.key}>
              {label}
              <Select
                aria-label={filter.label}
                style={{ minWidth: 140 }}
                value={draft[filter.key] || (filter.defaultValue ?? '')}
                onChange={(value) => props.update({ ...draft, [filter.key]: value, page: null })}
                options={
                  filter.defaultValue === undefined
                    ? [{ value: '', label: t('console.table.all') }, ...filter.options]
                    : filter.options
                }
              />
            </Space>
          );
        }
        const from = draft[`${filter.key}_from`];
        const to = draft[`${filter.key}_to`];
        return (
          <Space key={filter.key}>
            {label}
            <DatePicker.RangePicker
              aria-label={filter.label}
              placeholder={[t('console.table.from'), t('console.table.to')]}
              value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
              allowEmpty={[true, true]}
              onChange={(range) =>
                props.update({
                  ...draft,
                  [`${filter.key}_from`]: range?.[0]?.format('YYYY-MM-DD') ?? null,
                  [`${filter.key}_to`]: range?.[1]?.format('YYYY-MM-DD') ?? null,
                  page: null,
                })
              }
            />
          </Space>
        );
      })}
      {props.filters.length > 0 && (
        <Space>
          <Button type="primary" onClick={apply}>
            {t('console.table.search')}
          </Button>
          <Button onClick={reset}>{t('console.table.reset')}</Button>
        </Space>
      )}
      <Space style={{ marginLeft: 'auto' }}>
        {props.toolbar}
        {props.children}
      </Space>
    </div>
  );
}

function CsvExport<T>(props: {
  path: string;
  params: Params;
  columns: ConsoleColumn<T>[];
  fileName: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const columns = useMemo(
    () => props.columns.filter((c) => c.csv !== false && (c.csv || c.dataIndex !== undefined)),
    [props.columns],
  );

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    const rows: T[] = [];
    try {
      let total = 0;
      for (let page = 1; ; page++) {
        const result = await consoleGet<ListPage<T>>(
          props.path,
          { ...props.params, page, page_size: EXPORT_PAGE_SIZE },
          { signal: controller.signal, silent: true },
        );
        total = result.total;
        if (total > EXPORT_MAX_ROWS) {
          toast.error(t('console.table.exportTooMany', { total, max: EXPORT_MAX_ROWS }));
          return;
        }
        rows.push(...result.list);
        setProgress({ done: rows.length, total });
        if (result.list.length < EXPORT_PAGE_SIZE || rows.length >= total) break;
      }
      const header = columns.map((c) => (typeof c.title === 'string' ? c.title : String(c.key ?? c.dataIndex)));
      const cells = rows.map((row) =>
        columns.map((c) => (c.csv ? c.csv(row) : (valueAt(row, c.dataIndex) as CsvCell))),
      );
      const stamp = dayjs().format('YYYYMMDD-HHmm');
      downloadText(`${props.fileName}-${stamp}.csv`, toCsv(header, cells));
      toast.success(t('console.table.exportDone', { count: rows.length }));
    } catch {
      if (!controller.signal.aborted) toast.error(t('console.table.exportFailed'));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  return (
    <>
      <Button icon={<DownloadOutlined />} disabled={props.disabled || progress !== null} onClick={() => void run()}>
        {t('console.table.export')}
      </Button>
      <Modal
        open={progress !== null}
        title={t('console.table.exporting')}
        closable={false}
        maskClosable={false}
        okButtonProps={{ style: { display: 'none' } }}
        cancelText={t('console.table.exportCancel')}
        onCancel={() => abort.current?.abort()}
      >
        <Progress percent={progress?.total ? Math.floor((progress.done / progress.total) * 100) : 0} />
        <div>{progress && t('console.table.exportProgress', progress)}</div>
      </Modal>
    </>
  );
}
