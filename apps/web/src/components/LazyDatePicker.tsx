import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import { ConfigProvider, type DatePickerProps, type GetProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useContext, useEffect, useRef } from 'react';
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

/** Focuses the real picker's input the stand-in's had (which opens it, as antd's pickers open on focus). */
function useTakeFocus(real: unknown, focusIndex: number | null | undefined) {
  const ref = useRef<Focusable>(null);
  useEffect(() => {
    if (real && focusIndex !== null && focusIndex !== undefined) ref.current?.focus({ index: focusIndex });
  }, [real, focusIndex]);
  return ref;
}

/**
 * antd's DatePicker, downloaded (~25 KB brotli) when the author first points at, focuses or presses it
 * (issue 19): until then a look-alike shows the value in the same format, with the same label and id, so
 * a Form.Item's label and the page's layout are the same. The real picker then takes the focus (and
 * opens) if the look-alike had it. The props are antd's; `format`, when given, is one string.
 */
export function LazyDatePicker(props: DatePickerProps) {
  const { Real, intent, standInProps } = useLazyField(loadDatePicker);
  const ref = useTakeFocus(Real, intent?.focusIndex);
  const status = useFieldStatus(props.status);
  const placeholders = usePickerPlaceholders();
  if (Real) return <Real ref={ref as never} {...props} />;
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
export function LazyRangePicker(props: RangePickerProps) {
  const { Real, intent, standInProps } = useLazyField(loadDatePicker);
  const ref = useTakeFocus(Real, intent?.focusIndex);
  const status = useFieldStatus(props.status);
  const placeholders = usePickerPlaceholders();
  if (Real) return <Real.RangePicker ref={ref as never} {...props} />;
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
