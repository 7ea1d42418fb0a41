import { DownOutlined } from '@ant-design/icons';
import { Form } from 'antd';
import { type ComponentType, type CSSProperties, type FocusEvent, type ReactNode, useRef, useState } from 'react';
import './lazy-field.css';

/** What the author did to a stand-in before the real field was there: nothing yet, focused it, or pressed it. */
export interface FieldIntent {
  /** The stand-in's input that had the focus when the real field arrived (0 for a single field), or null. */
  focusIndex: number | null;
  /** The stand-in was pressed (pointer or key): the real field opens. */
  pressed: boolean;
}

/**
 * A large antd field (date picker, select) downloaded when the author first points at, focuses or
 * presses the stand-in the page shows in its place — the pattern of LazyDropdown (issue 19). Until
 * then `Real` is null and the page renders `standIn` (its handlers start the download); once it is
 * there, `intent` says whether the stand-in had the focus (and which of its inputs) or was pressed, so
 * the real field takes the focus and opens as the stand-in would have. A failed download (offline)
 * is tried again on the next point or press.
 */
export function useLazyField<C>(load: () => Promise<C>) {
  const [loaded, setLoaded] = useState<{ Real: C } | null>(null);
  const intent = useRef<FieldIntent | null>(null);
  const root = useRef<HTMLElement | null>(null);
  const pressed = useRef(false);
  const loading = useRef(false);

  const start = () => {
    if (loading.current) return;
    loading.current = true;
    void load().then(
      (Real) => setLoaded({ Real }),
      () => {
        loading.current = false;
      },
    );
  };
  // What the author did is read as the real field replaces the stand-in, in the same task as that change: read when
  // the download ended, a key pressed between then and this render (the stand-in still on screen) was lost, and the
  // real field neither opened nor got the key.
  if (loaded && !intent.current) {
    const focused = root.current?.contains(document.activeElement) ? document.activeElement : null;
    const inputs = root.current ? [...root.current.querySelectorAll('input, [tabindex]')] : [];
    intent.current = { focusIndex: focused ? Math.max(0, inputs.indexOf(focused)) : null, pressed: pressed.current };
  }

  const standInProps = {
    ref: (element: HTMLElement | null) => {
      root.current = element;
    },
    onPointerEnter: start,
    onFocus: (_: FocusEvent) => start(),
    onPointerDown: () => {
      pressed.current = true;
      start();
    },
    onClick: () => {
      pressed.current = true;
      start();
    },
    onKeyDown: (e: { key: string; preventDefault: () => void }) => {
      if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(e.key)) {
        e.preventDefault();
        pressed.current = true;
        start();
      }
    },
  };
  return { Real: loaded?.Real ?? null, intent: intent.current, standInProps };
}

/** The error or warning a surrounding Form.Item gives its field, for the stand-in's border. */
export function useFieldStatus(status?: string): '' | 'error' | 'warning' {
  const item = Form.Item.useStatus();
  const merged = status || item.status;
  return merged === 'error' || merged === 'warning' ? merged : '';
}

/** The outlined box the stand-ins draw: antd's picker and select look (components/lazy-field.css). */
export function StandInBox(props: {
  className: string;
  status: '' | 'error' | 'warning';
  disabled?: boolean;
  style?: CSSProperties;
  children: ReactNode;
  boxProps: Record<string, unknown>;
}) {
  const classes = [
    'ac-stand-in',
    props.className,
    props.status && `ac-stand-in--${props.status}`,
    props.disabled && 'ac-stand-in--disabled',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <span {...props.boxProps} className={classes} style={props.style}>
      {props.children}
    </span>
  );
}

/** The props of antd's select-like fields (Select, Cascader) that their stand-in reads. */
export interface ComboboxFieldProps {
  id?: string;
  placeholder?: ReactNode;
  disabled?: boolean;
  status?: string;
  style?: CSSProperties;
  autoFocus?: boolean;
  defaultOpen?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A select-like antd field (LazySelect, LazyCascader) downloaded on first use: until then its look-alike, as
 * antd's own a read-only combobox input carrying the field's id, so a Form.Item's label names it, and whose value
 * is what the field shows (`shown`, read out); the text on screen is drawn beside it, the input transparent over
 * the box. Once downloaded, the real field keeps the focus the look-alike had and opens if it was pressed.
 */
export function LazyCombobox<P extends ComboboxFieldProps>({
  load,
  field,
  shown,
}: {
  load: () => Promise<ComponentType<P>>;
  field: P;
  /** What the field shows for its value (nothing for none). */
  shown: ReactNode;
}) {
  const { Real, intent, standInProps } = useLazyField(load);
  const status = useFieldStatus(field.status);
  if (Real) {
    return (
      <Real
        {...field}
        autoFocus={field.autoFocus || intent?.focusIndex !== null}
        defaultOpen={field.defaultOpen || intent?.pressed}
      />
    );
  }
  const { disabled } = field;
  const empty = shown === null || shown === undefined || shown === '';
  const text = typeof shown === 'string' || typeof shown === 'number' ? String(shown) : '';
  return (
    <StandInBox
      className="ac-stand-in--select"
      status={status}
      disabled={disabled}
      style={field.style}
      boxProps={{ ...(disabled ? { ref: standInProps.ref } : standInProps), 'data-testid': field['data-testid'] }}
    >
      <input
        readOnly
        className="ac-stand-in__combobox"
        id={field.id}
        role="combobox"
        aria-label={field['aria-label']}
        aria-expanded={false}
        aria-haspopup="listbox"
        disabled={disabled}
        value={text}
        autoComplete="off"
      />
      <span className={empty ? 'ac-stand-in__placeholder' : 'ac-stand-in__value'} aria-hidden>
        {empty ? field.placeholder : shown}
      </span>
      <DownOutlined className="ac-stand-in__suffix" aria-hidden />
    </StandInBox>
  );
}
