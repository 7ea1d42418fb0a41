import type { ColorPickerProps } from 'antd';
import { useState } from 'react';
import { useLazyField } from './lazy-field.tsx';

const loadColorPicker = () => import('./antd-color-picker.ts').then((m) => m.ColorPicker);

/**
 * antd's ColorPicker for a colour written as '#rrggbb', downloaded (with the Select of its panel, ~25 KB
 * brotli) when the author first points at, focuses or presses its trigger (issue 19). The trigger is ours
 * before and after: a button with the colour and its code, named by `aria-label`, so it is reached and
 * opened from the keyboard too (Enter or Space); a press made before the picker was there opens it once it
 * is, and the trigger keeps the focus it had.
 */
export function LazyColorPicker({
  value,
  'aria-label': ariaLabel,
  ...props
}: Omit<ColorPickerProps, 'value' | 'open' | 'children'> & { value: string; 'aria-label': string }) {
  const { Real, intent, standInProps } = useLazyField(loadColorPicker);
  // Pressed means clicked here: a pointer press whose click lands on the real trigger is its own click.
  const { onPointerDown: _, ...standIn } = standInProps;
  const [open, setOpen] = useState<boolean | null>(null);
  const trigger = (
    <button
      type="button"
      className="ac-color-trigger"
      aria-label={ariaLabel}
      aria-haspopup="dialog"
      aria-expanded={Boolean(open)}
      disabled={props.disabled}
      {...(Real
        ? {
            ref: (element: HTMLButtonElement | null) => {
              if (element && intent?.focusIndex !== null && open === null) element.focus();
            },
          }
        : standIn)}
    >
      <span className="ac-color-trigger__swatch" style={{ background: value }} />
      <span>{value.toUpperCase()}</span>
    </button>
  );
  if (!Real) return trigger;
  return (
    <Real
      {...props}
      value={value}
      open={open ?? Boolean(intent?.pressed)}
      onOpenChange={(next) => {
        setOpen(next);
        props.onOpenChange?.(next);
      }}
    >
      {trigger}
    </Real>
  );
}
