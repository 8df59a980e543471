import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { focusableIn, trapTab } from './focus-trap.ts';
import { Icon } from './icon.tsx';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  description?: string;
  /** md suits forms and confirmations; lg a gallery or a table. */
  size?: 'md' | 'lg';
  testId?: string;
  /** What gets focus on open; the first focusable element (the close button) otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog: focus moves in on open, Tab cycles inside, Esc and the backdrop close it,
 * and focus returns to whatever opened it.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
  description,
  size = 'md',
  testId,
  initialFocus,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    (initialFocus?.current ?? (panel && (focusableIn(panel)[0] ?? panel)))?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      opener?.focus();
    };
    // The element to focus is read once per opening, like the opener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        className={`dialog dialog-${size}`}
        role="dialog"
        data-testid={testId}
        aria-modal="true"
        aria-labelledby={titleId}
        {...(description ? { 'aria-describedby': descriptionId } : {})}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCloseRef.current();
          } else if (panelRef.current) {
            trapTab(event, panelRef.current);
          }
        }}
      >
        <header className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Close dialog"
            onClick={() => onCloseRef.current()}
          >
            <Icon name="close" />
          </button>
        </header>
        {description && (
          <p id={descriptionId} className="dialog-description">
            {description}
          </p>
        )}
        <div className="dialog-body">{children}</div>
        {footer && <footer className="dialog-footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
