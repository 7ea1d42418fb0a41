import type { DropdownProps } from 'antd';
import { cloneElement, type HTMLAttributes, type ReactElement, type Ref, useRef, useState } from 'react';

const loadDropdown = () => import('./antd-dropdown.ts').then((m) => m.Dropdown);
type DropdownType = Awaited<ReturnType<typeof loadDropdown>>;
type TriggerProps = HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> };
/** antd's delay before a hover opens a dropdown (`mouseEnterDelay`, 0.15 s). */
const HOVER_DELAY_MS = 150;

/**
 * antd's Dropdown, downloaded (with antd's menu, ~15 KB brotli) when its trigger is first pointed at, focused or
 * pressed, instead of with the page: for menus always on screen but seldom opened (the header's account menu on
 * every logged-in page, the works pages' export menus; issue 19). Then it behaves as antd's: a press (click or
 * key) made before it was there opens it once it is; a pointer still on a hover menu opens it when antd's hover
 * delay has passed since the pointer came; the trigger, mounted anew inside the dropdown, keeps the focus it had;
 * a press on the trigger of a menu that also opens on hover never closes it (see hideAction).
 * The props are antd's, but `open` is kept here.
 */
export function LazyDropdown({
  children,
  ...props
}: Omit<DropdownProps, 'children' | 'open'> & { children: ReactElement<TriggerProps> }) {
  const [Dropdown, setDropdown] = useState<DropdownType | null>(null);
  const [open, setOpen] = useState(false);
  const triggerElement = useRef<HTMLElement | null>(null);
  const pressed = useRef(false);
  const pointerCameAt = useRef(0);
  const refocus = useRef(false);
  const loading = useRef(false);
  const triggers = props.trigger ?? ['hover'];
  // A menu opened by hover and by a press: a press opens it and never closes it. antd toggles on a press, so a
  // pointer that rested on the trigger (the menu opened) and then clicked closed it again, as a tap on a touch screen
  // did. It closes when the pointer leaves it, on Escape or on a tap elsewhere (antd's Dropdown passes `hideAction`
  // on to its trigger).
  const hideAction = triggers.includes('hover') && triggers.includes('click') ? { hideAction: ['hover'] } : {};

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    void loadDropdown().then(
      (component) => {
        setDropdown(() => component);
        if (pressed.current && triggers.includes('click')) {
          setOpen(true);
        } else if (triggers.includes('hover')) {
          const wait = Math.max(0, pointerCameAt.current + HOVER_DELAY_MS - performance.now());
          setTimeout(() => {
            if (triggerElement.current?.matches(':hover')) setOpen(true);
          }, wait);
        }
      },
      () => {
        loading.current = false; // not downloaded (offline): the next point or press tries again
      },
    );
  };
  const trackTrigger = (element: HTMLElement | null) => {
    triggerElement.current = element;
    if (element && Dropdown && refocus.current) {
      refocus.current = false;
      element.focus();
    }
  };

  if (!Dropdown) {
    const own = children.props;
    return cloneElement(children, {
      ref: trackTrigger,
      onPointerEnter: (e) => {
        own.onPointerEnter?.(e);
        pointerCameAt.current = performance.now();
        load();
      },
      onFocus: (e) => {
        own.onFocus?.(e);
        refocus.current = true;
        load();
      },
      onBlur: (e) => {
        own.onBlur?.(e);
        refocus.current = false;
      },
      onPointerDown: (e) => {
        own.onPointerDown?.(e);
        pressed.current = true;
        load();
      },
      onClick: (e) => {
        own.onClick?.(e);
        pressed.current = true;
        load();
      },
    });
  }
  return (
    <Dropdown
      {...props}
      {...hideAction}
      open={open}
      onOpenChange={(next, info) => {
        setOpen(next);
        props.onOpenChange?.(next, info);
      }}
    >
      {cloneElement(children, { ref: trackTrigger })}
    </Dropdown>
  );
}
