import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { errorMessage, isSessionError } from '../../lib/api-error.ts';
import { useAppStore } from '../../lib/app-store.ts';
import { useMailPreferences, useSetCredentialDigest } from './api/mail-preferences.ts';

/** The member's own profile: who they are signed in as, and the emails they choose to get. */
export function ProfilePage() {
  const user = useAppStore((state) => state.user);
  const preferences = useMailPreferences();
  const setDigest = useSetCredentialDigest();

  let body;
  if (preferences.isError && !isSessionError(preferences.error)) {
    body = (
      <EmptyState
        icon="alert"
        tone="danger"
        title="Your email choices could not be loaded"
        actions={<Button onClick={() => void preferences.refetch()}>Try again</Button>}
      >
        {errorMessage(preferences.error)}
      </EmptyState>
    );
  } else if (!preferences.data) {
    body = <Skeleton height={80} />;
  } else {
    const on = setDigest.isPending ? setDigest.variables : preferences.data.credentialDigest;
    body = (
      <section className="card" aria-labelledby="profile-mail">
        <h2 id="profile-mail">Emails</h2>
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={on}
            disabled={setDigest.isPending}
            onChange={(event) => setDigest.mutate(event.target.checked)}
            data-testid="credential-digest-toggle"
          />{' '}
          Warn me when a data source login is about to expire or stops working
        </label>
        <p className="muted">
          One email per check lists every login of your team that needs reconnecting. It goes to
          members who can manage data sources.
        </p>
        {setDigest.isError && (
          <p role="alert" className="field-error">
            {errorMessage(setDigest.error)}
          </p>
        )}
      </section>
    );
  }

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Profile</h1>
          {user && <p className="muted">Signed in as {user.email}</p>}
        </div>
      </header>
      {body}
    </div>
  );
}
