import type { SelectProps } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { LazyCombobox } from './lazy-field.tsx';

const loadSelect = () => import('./antd-select.ts').then((m) => m.Select);

type Option = { value?: unknown; label?: ReactNode };

/** What the select shows for its value: the chosen option's label (or the value's own, with labelInValue). */
function shownLabel(props: SelectProps<any, any>): ReactNode {
  const value = props.value;
  if (value === undefined || value === null) return null;
  if (props.labelInValue) return (value as Option).label ?? null;
  const option = (props.options as Option[] | undefined)?.find((o) => o.value === value);
  return option ? (option.label ?? null) : null;
}

/**
 * antd's single Select, downloaded (~15 KB brotli) when the author first points at, focuses or presses it
 * (issue 19), as LazyDatePicker: until then a look-alike combobox shows the chosen option's label or the
 * placeholder, with the same name and id. A press (pointer, Enter, Space or an arrow key) opens the real
 * one once it is there, and it keeps the focus the look-alike had. The props are antd's.
 */
export function LazySelect<V = any, O extends Option = Option>(props: SelectProps<V, O> & { 'data-testid'?: string }) {
  return (
    <LazyCombobox
      load={loadSelect as () => Promise<ComponentType<typeof props>>}
      field={props}
      shown={shownLabel(props as SelectProps<any, any>)}
    />
  );
}
