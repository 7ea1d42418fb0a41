import type { CascaderProps } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { LazyCombobox } from './lazy-field.tsx';

const loadCascader = () => import('./antd-cascader.ts').then((m) => m.Cascader);

interface CascaderOption {
  value?: string | number | null;
  label?: ReactNode;
  children?: CascaderOption[];
}

/** What antd's Cascader shows for a path of values: the options' labels joined by ' / ' (its default). */
export function cascaderLabel(options: readonly CascaderOption[] | undefined, path: unknown): string {
  if (!Array.isArray(path) || path.length === 0) return '';
  const labels: ReactNode[] = [];
  let level = options;
  for (const value of path) {
    const option = level?.find((o) => o.value === value);
    labels.push(option?.label ?? String(value));
    level = option?.children;
  }
  return labels.join(' / ');
}

/**
 * antd's single Cascader, downloaded (with the select it is built on, ~19 KB brotli) when the author first
 * points at, focuses or presses it (issue 19), as LazySelect: until then a look-alike combobox shows the
 * chosen path's labels or the placeholder, with the same id. A press opens the real one once it is there,
 * and it keeps the focus the look-alike had. The props are antd's.
 */
export function LazyCascader(props: CascaderProps<CascaderOption> & { 'data-testid'?: string }) {
  return (
    <LazyCombobox
      // The single cascader's props (antd's overloads tell single and multiple apart by `multiple`).
      load={loadCascader as () => Promise<ComponentType<typeof props>>}
      field={props}
      shown={cascaderLabel(props.options, props.value)}
    />
  );
}
