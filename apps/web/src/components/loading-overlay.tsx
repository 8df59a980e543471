import { Spinner } from './spinner.tsx';

/** The full-page loading overlay, following the app's loading state. */
export function LoadingOverlay({
  visible,
  label = 'Loading',
}: {
  visible: boolean;
  label?: string;
}) {
  if (!visible) return null;
  return (
    <div className="loading-overlay" data-testid="loading-overlay">
      <Spinner size={36} label={label} />
    </div>
  );
}
