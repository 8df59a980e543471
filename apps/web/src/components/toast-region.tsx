import { useToastStore, type ToastTone } from '../lib/toast-store.ts';
import { Icon, type IconName } from './icon.tsx';

const ICONS: Record<ToastTone, IconName> = { success: 'success', danger: 'alert', info: 'info' };

/**
 * Toasts announce themselves through one always-present live region, so screen readers hear
 * each message once even when several arrive together.
 */
export function ToastRegion() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <div
      className="toast-region"
      role="region"
      aria-label="Notifications"
      aria-live="polite"
      data-testid="toast-region"
    >
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone}`} data-tone={toast.tone}>
          <Icon name={ICONS[toast.tone]} size={18} />
          <p className="toast-message">{toast.message}</p>
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss notification"
            onClick={() => dismiss(toast.id)}
          >
            <Icon name="close" size={14} />
          </button>
        </div>
      ))}
    </div>
  );
}
