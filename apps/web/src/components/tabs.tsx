import { useId, useRef, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  testId?: string;
}

interface TabsProps<T extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * Tabs (WAI-ARIA pattern, automatic activation): arrows, Home and End move between tabs and
 * select them; Tab moves into the panel. The arrows follow the reading direction: in
 * right-to-left text ArrowLeft goes to the next tab.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, children }: TabsProps<T>) {
  const baseId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const selected = Math.max(
    0,
    tabs.findIndex((tab) => tab.value === value),
  );

  const select = (index: number) => {
    const count = tabs.length;
    const next = ((index % count) + count) % count;
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.value);
    refs.current[next]?.focus();
  };

  return (
    <>
      <div
        className="tabs"
        role="tablist"
        aria-label={label}
        onKeyDown={(event) => {
          const forward = isRightToLeft(event.currentTarget) ? -1 : 1;
          if (event.key === 'ArrowRight') select(selected + forward);
          else if (event.key === 'ArrowLeft') select(selected - forward);
          else if (event.key === 'Home') select(0);
          else if (event.key === 'End') select(tabs.length - 1);
          else return;
          event.preventDefault();
        }}
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.value}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.value}`}
            className="tab"
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={index === selected ? 0 : -1}
            data-testid={tab.testId}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${tabs[selected]?.value ?? ''}`}
        className="tab-panel"
      >
        {children}
      </div>
    </>
  );
}

/** Whether the element reads right to left, as its nearest dir attribute says. */
function isRightToLeft(element: HTMLElement): boolean {
  return element.closest('[dir]')?.getAttribute('dir')?.toLowerCase() === 'rtl';
}
