import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

export interface MenuItem {
  label: string;
  icon?: IconName;
  /** Runs when the item is chosen; for a link item, as the link is followed. */
  onSelect?: () => void;
  /** Makes the item a link; web addresses open in a new tab. */
  href?: string;
  testId?: string;
}

interface DropdownMenuProps {
  /** Visible content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its visible content has no text. */
  triggerLabel?: string;
  /** Accessible name of the open menu. */
  menuLabel: string;
  items: readonly MenuItem[];
  /** Shown above the items, e.g. who is signed in. */
  header?: ReactNode;
  triggerTestId?: string;
}

/**
 * A menu button (WAI-ARIA pattern): Enter, Space or ArrowDown open it on the first item,
 * arrows move, typing letters moves to the next item they begin, Esc closes and returns
 * focus, Tab or a click outside closes.
 */
export function DropdownMenu({
  trigger,
  triggerLabel,
  menuLabel,
  items,
  header,
  triggerTestId,
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const menuId = useId();
  const typed = useRef({ text: '', at: 0 });

  const focusItem = (index: number) => {
    const count = items.length;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };

  const openAt = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div className="dropdown" ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className="dropdown-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={triggerLabel}
        data-testid={triggerTestId}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            openAt(0);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            openAt(items.length - 1);
          }
        }}
      >
        {trigger}
        <Icon name="chevronDown" size={16} className="icon dropdown-chevron" />
      </button>
      {open && (
        <div className="dropdown-menu">
          {/* Outside the menu, which holds items only: it says who is signed in. */}
          {header && <div className="dropdown-header">{header}</div>}
          <div
            id={menuId}
            role="menu"
            aria-label={menuLabel}
            onKeyDown={(event) => {
              const index = itemRefs.current.indexOf(document.activeElement as HTMLElement);
              if (event.key === 'ArrowDown') focusItem(index + 1);
              else if (event.key === 'ArrowUp') focusItem(index - 1);
              else if (event.key === 'Home') focusItem(0);
              else if (event.key === 'End') focusItem(items.length - 1);
              else if (event.key === 'Escape') close(true);
              else if (event.key === 'Tab') setOpen(false);
              else if (isTypeahead(event)) {
                const match = typeahead(typed.current, event.key, event.timeStamp, items, index);
                if (match >= 0) focusItem(match);
              } else return;
              if (event.key !== 'Tab') event.preventDefault();
            }}
          >
            {items.map((item, index) => {
              const ref = (node: HTMLElement | null) => {
                itemRefs.current[index] = node;
              };
              const choose = () => {
                close(false);
                item.onSelect?.();
              };
              const content = (
                <>
                  {item.icon && <Icon name={item.icon} size={16} />}
                  {item.label}
                </>
              );
              if (item.href !== undefined) {
                const external = /^https?:/i.test(item.href);
                return (
                  <a
                    key={item.label}
                    ref={ref}
                    href={item.href}
                    role="menuitem"
                    tabIndex={-1}
                    className="dropdown-item"
                    data-testid={item.testId}
                    onClick={choose}
                    {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}
                  >
                    {content}
                    {external && <span className="visually-hidden"> (opens in a new tab)</span>}
                  </a>
                );
              }
              return (
                <button
                  key={item.label}
                  ref={ref}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className="dropdown-item"
                  data-testid={item.testId}
                  onClick={choose}
                >
                  {content}
                </button>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}

/** A printable character typed without a modifier: a letter of an item's label. */
function isTypeahead(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) {
  return (
    event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey
  );
}

/** Letters typed within this long of each other make one search. */
const TYPEAHEAD_PAUSE_MS = 500;

/**
 * The item typing leads to: the next one after the current whose label begins with the letters
 * typed so far (one letter repeated cycles through the items it begins), or -1 for none.
 */
function typeahead(
  state: { text: string; at: number },
  key: string,
  now: number,
  items: readonly MenuItem[],
  current: number,
): number {
  const text = (now - state.at > TYPEAHEAD_PAUSE_MS ? '' : state.text) + key.toLowerCase();
  state.text = text;
  state.at = now;
  const search = [...text].every((letter) => letter === text[0]) ? text.slice(0, 1) : text;
  // A new search starts after the current item; a longer one may stay on it.
  const start = search.length === 1 ? current + 1 : Math.max(current, 0);
  for (let step = 0; step < items.length; step++) {
    const index = (start + step) % items.length;
    if (items[index]?.label.toLowerCase().startsWith(search)) return index;
  }
  return -1;
}
