import type { ReactNode } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { SupportLinks } from '../../../components/support-links.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAppStore } from '../../../lib/app-store.ts';
import { useSkin } from '../../../skins/skin-context.tsx';
import { useStartSignIn, type SignInInput } from '../api/sign-in.ts';
import { GoogleSignInButton, RedirectingStatus } from './google-sign-in.tsx';

/** Why an attempt to sign in failed, with what the server said. */
export function SignInFailed({
  title,
  message,
  hint,
  testId,
}: {
  title: string;
  message: ReactNode;
  hint?: string | undefined;
  testId?: string | undefined;
}) {
  return (
    <div className="alert alert-danger" role="alert" data-testid={testId}>
      <Icon name="alert" />
      <div>
        <strong>{title}</strong> {message}
        {hint && <div className="alert-hint">{hint}</div>}
      </div>
    </div>
  );
}

/** The page's own sign-in (the skin's logo) or a step that needs it first (the plug icon). */
const LOOKS = {
  login: {
    card: 'login-card card',
    title: 'login-title',
    lead: 'login-subtitle',
    footer: 'login-footer',
  },
  step: {
    card: 'card auth-card auth-card-centered',
    title: 'auth-title',
    lead: 'auth-lead',
    footer: 'auth-footnote',
  },
} as const;

interface SignInCardProps {
  look: keyof typeof LOOKS;
  testId?: string;
  title: string;
  lead: ReactNode;
  /** Shown above any error, e.g. why a signed-in person was sent here. */
  notice?: ReactNode;
  /** An earlier attempt's failure (the callback's), shown until a new attempt starts. */
  earlierError?: string | null;
  errorTestId?: string;
  errorHint?: string;
  buttonTestId: string;
  /** Runs as the button is pressed (keeping what must survive the round trip); says where to return. */
  start: () => SignInInput;
  /** Under the button, e.g. the demo mode note. */
  children?: ReactNode;
}

/**
 * The sign-in card every signed-out screen shows: a heading, why to sign in, any failure, the
 * Google button (busy while the browser leaves for Google) and the support links.
 */
export function SignInCard({
  look,
  testId,
  title,
  lead,
  notice,
  earlierError,
  errorTestId,
  errorHint,
  buttonTestId,
  start,
  children,
}: SignInCardProps) {
  const skin = useSkin();
  const signIn = useStartSignIn();
  const redirecting = signIn.isPending || signIn.isSuccess;
  const error = signIn.isError ? errorMessage(signIn.error) : earlierError;
  const classes = LOOKS[look];
  return (
    <div className={classes.card} data-testid={testId}>
      {look === 'login' ? (
        <img className="login-logo" src={skin.logo} alt={skin.name} width={200} height={40} />
      ) : (
        <span className="auth-card-icon">
          <Icon name="plug" size={26} />
        </span>
      )}
      <h1 className={classes.title}>{title}</h1>
      <p className={classes.lead}>{lead}</p>
      {notice}
      {error && !redirecting && (
        <SignInFailed
          title="Sign-in failed."
          message={error}
          hint={errorHint}
          testId={errorTestId}
        />
      )}
      <GoogleSignInButton
        redirecting={redirecting}
        onClick={() => signIn.mutate(start())}
        data-testid={buttonTestId}
      />
      <RedirectingStatus redirecting={redirecting} />
      {children}
      <footer className={classes.footer}>
        <SupportLinks />
      </footer>
    </div>
  );
}

/** Keeps a screen's query across the sign-in round trip, to land back on it afterwards. */
export function keepForReturn(search: string, route: string): void {
  const store = useAppStore.getState();
  store.setPendingAuth(search.slice(0, 4096));
  store.setNextUrl(route);
}
