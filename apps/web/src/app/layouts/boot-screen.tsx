import { LoadingOverlay } from '../../components/loading-overlay.tsx';

/** Shown while the encrypted state is read and the first screen's guards run. */
export function BootScreen() {
  return <LoadingOverlay visible label="Loading the app" />;
}
