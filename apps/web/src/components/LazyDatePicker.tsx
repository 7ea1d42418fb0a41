import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import { ConfigProvider, type DatePickerProps, type GetProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { type Ref, useCallback, useContext, useEffect, useRef } from 'react';
import { StandInBox, useFieldStatus, useLazyField } from './lazy-field.tsx';

const loadDatePicker = () => import('./antd-date-picker.ts').then((m) => m.DatePicker);
type RangePickerProps = GetProps<Awaited<ReturnType<typeof loadDatePicker>>['RangePicker']>;
type Focusable = { focus: (options?: { index?: number }) => void; nativeElement: HTMLDivElement; blur: () => void };

const DATE_FORMAT = 'YYYY-MM-DD';
const text = (value: Dayjs | null | undefined, format: unknown) =>
  value ? value.format(typeof format === 'string' ? format : DATE_FORMAT) : '';

/** antd's placeholders for a date and a range, in the app's language (the locale AntdScope gives antd). */
function usePickerPlaceholders() {
  const lang = useContext(ConfigProvider.ConfigContext).locale?.DatePicker?.lang;
  return { date: lang?.placeholder ?? '', range: lang?.rangePlaceholder ?? ['', ''] };
}

/**
 * Focuses the real picker's input the stand-in's had (focus alone does not open antd's pickers: a press does,
 * which the pickers below pass on as `defaultOpen`). The
 * returned ref also hands the picker to `outer`, the ref a Form.Item gives its field (a prop in React 19).
 */
function useTakeFocus(real: unknown, focusIndex: number | null | undefined, outer: Ref<unknown> | undefined) {
  const own = useRef<Focusable | null>(null);
  useEffect(() => {
    if (real && focusIndex !== null && focusIndex !== undefined) own.current?.focus({ index: focusIndex });
  }, [real, focusIndex]);
  return useCallback(
    (picker: Focusable | null) => {
      own.current = picker;
      if (typeof outer === 'function') outer(picker);
      else if (outer) (outer as { current: unknown }).current = picker;
    },
    [outer],
  );
}

/**
 * antd's DatePicker, downloaded (~25 KB brotli) when the author first points at, focuses or presses it
 * (issue 19): until then a look-alike shows the value in the same format, with the same label and id, so
 * a Form.Item's label and the page's layout are the same. The real picker then takes the focus if the
 * look-alike had it, and opens if it was pressed. The props are antd's; `format`, when given, is one string.
 */
export function LazyDatePicker({ ref: outer, ...props }: DatePickerProps & { ref?: Ref<unknown> }) {
  const { Real, intent, standInProps } = useLazyField(loadDatePicker);
  const ref = useTakeFocus(Real, intent?.focusIndex, outer);
  const status = useFieldStatus(props.status);
  const placeholders = usePickerPlaceholders();
  if (Real) return <Real {...props} defaultOpen={props.defaultOpen || intent?.pressed} ref={ref as never} />;
  return (
    <StandInBox
      className="ac-stand-in--picker"
      status={status}
      disabled={props.disabled}
      style={props.style}
      boxProps={{ ...standInProps, 'data-testid': (props as Record<string, unknown>)['data-testid'] }}
    >
      <input
        readOnly
        id={props.id}
        disabled={props.disabled}
        aria-label={props['aria-label']}
        placeholder={typeof props.placeholder === 'string' ? props.placeholder : placeholders.date}
        value={Array.isArray(props.value) ? '' : text(props.value, props.format)}
        autoComplete="off"
      />
      <CalendarOutlined className="ac-stand-in__suffix" aria-hidden />
    </StandInBox>
  );
}

/** antd's RangePicker, downloaded on first use as LazyDatePicker is; each input stands in for the real one's. */
export function LazyRangePicker({ ref: outer, ...props }: RangePickerProps & { ref?: Ref<unknown> }) {
  const { Real, intent, standInProps } = useLazyField(loadDatePicker);
  const ref = useTakeFocus(Real, intent?.focusIndex, outer);
  const status = useFieldStatus(props.status);
  const placeholders = usePickerPlaceholders();
  if (Real) {
    return <Real.RangePicker {...props} defaultOpen={props.defaultOpen || intent?.pressed} ref={ref as never} />;
  }
  const disabled = Array.isArray(props.disabled) ? props.disabled : [props.disabled, props.disabled];
  const placeholder = props.placeholder ?? placeholders.range;
  const input = (index: 0 | 1) => (
    <input
      readOnly
      id={
        typeof props.id === 'string' ? (index === 0 ? props.id : undefined) : props.id?.[index === 0 ? 'start' : 'end']
      }
      disabled={disabled[index]}
      aria-label={props['aria-label']}
      placeholder={placeholder[index]}
      value={text(props.value?.[index], props.format)}
      autoComplete="off"
    />
  );
  return (
    <StandInBox
      className="ac-stand-in--range"
      status={status}
      disabled={disabled[0] && disabled[1]}
      style={props.style}
      boxProps={standInProps}
    >
      {input(0)}
      <SwapRightOutlined className="ac-stand-in__separator" aria-hidden />
      {input(1)}
      <CalendarOutlined className="ac-stand-in__suffix" aria-hidden />
    </StandInBox>
  );
}
