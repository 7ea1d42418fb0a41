import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import './plain.css';

export interface PlainTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/**
 * antd's line Tabs without antd: a tablist whose arrow keys move between tabs. As antd does, a
 * panel is rendered once first shown and then kept (hidden), so what was typed in it stays.
 */
export function PlainTabs({
  items,
  activeKey,
  onChange,
}: {
  items: PlainTab[];
  activeKey: string;
  onChange: (key: string) => void;
}) {
  const id = useId();
  const [visited, setVisited] = useState<string[]>([activeKey]);
  if (!visited.includes(activeKey)) setVisited([...visited, activeKey]);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (index + step + items.length) % items.length;
    onChange(items[next].key);
    tabs.current[next]?.focus();
  };

  return (
    <div className="ac-tabs">
      <div className="ac-tabs__nav" role="tablist">
        {items.map((item, index) => {
          const selected = item.key === activeKey;
          return (
            <button
              key={item.key}
              ref={(el) => {
                tabs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${item.key}`}
              tabIndex={selected ? 0 : -1}
              className="ac-tabs__tab"
              onClick={() => onChange(item.key)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        visited.includes(item.key) ? (
          <div
            key={item.key}
            role="tabpanel"
            id={`${id}-panel-${item.key}`}
            aria-labelledby={`${id}-tab-${item.key}`}
            hidden={item.key !== activeKey}
          >
            {item.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
