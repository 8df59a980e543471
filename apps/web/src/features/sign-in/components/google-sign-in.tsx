import { Spinner } from '../../../components/spinner.tsx';

interface GoogleSignInButtonProps {
  /** True while the sign-in request is in flight or the browser is leaving for Google. */
  redirecting: boolean;
  onClick: () => void;
  'data-testid': string;
}

/** Google's branded sign-in button, disabled and busy while redirecting. */
export function GoogleSignInButton({
  redirecting,
  onClick,
  'data-testid': testId,
}: GoogleSignInButtonProps) {
  return (
    <button
      type="button"
      className="google-button"
      disabled={redirecting}
      aria-busy={redirecting || undefined}
      onClick={onClick}
      data-testid={testId}
    >
      <img src="/sign-in-with-google.svg" alt="Sign in with Google" width={191} height={46} />
    </button>
  );
}

/** The status line shown under the button while the browser is on its way to Google. */
export function RedirectingStatus({ redirecting }: { redirecting: boolean }) {
  if (!redirecting) return null;
  return (
    <p className="login-progress" role="status">
      <Spinner size={14} /> Redirecting to Google…
    </p>
  );
}
