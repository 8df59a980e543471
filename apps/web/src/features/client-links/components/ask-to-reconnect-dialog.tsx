import { emailSchema } from '@gds/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useAskToReconnect } from '../api/client-links.ts';

/** The login whose owner is asked: its id, name, and who connected it through a link. */
export interface LoginToReconnect {
  id: string;
  name: string;
  connectorName: string;
  connectedByEmail: string | null;
}

/**
 * "Ask to reconnect": emails the person who owns a login a single-use link that signs that
 * same login in again at the provider, so every report on its accounts keeps working. The
 * email is the client's who connected it, or one typed in.
 */
export function AskToReconnectDialog({
  login,
  onClose,
}: {
  login: LoginToReconnect;
  onClose: () => void;
}) {
  const id = useId();
  const ask = useAskToReconnect();
  const [email, setEmail] = useState(login.connectedByEmail ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    const found = emailSchema.safeParse(typed).success
      ? null
      : 'Email must be an email address such as name@brand.com.';
    setProblem(found);
    setRefusal(null);
    if (found) return;
    try {
      const answer = await ask.mutateAsync({ credentialId: login.id, recipientEmail: typed });
      showToast(
        answer.emailSent
          ? `We emailed ${typed} a link to reconnect ${login.name}.`
          : `The link to reconnect ${login.name} was made, but the email to ${typed} could not be sent. Try again later.`,
        { tone: answer.emailSent ? 'success' : 'danger' },
      );
      onClose();
    } catch (error) {
      if (isSessionError(error)) onClose();
      else setRefusal(errorMessage(error));
    }
  };

  return (
    <Dialog
      open
      title={`Ask to reconnect ${login.name}`}
      description={`The person who signs in to this ${login.connectorName} login gets a link that works once. They sign in again at ${login.connectorName}; the login and its accounts stay as they are, so reports keep working.`}
      onClose={onClose}
      testId="ask-to-reconnect-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={`${id}-form`}
            variant="primary"
            loading={ask.isPending}
            data-testid="ask-to-reconnect-send"
          >
            Send link
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="dialog-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-email`} className="field-label">
            Owner&apos;s email
          </label>
          <input
            id={`${id}-email`}
            type="email"
            className={`input${problem ? ' input-invalid' : ''}`}
            autoComplete="off"
            placeholder="name@brand.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-email-error` : undefined}
            data-testid="ask-to-reconnect-email"
          />
          {problem && (
            <p id={`${id}-email-error`} className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        {refusal && (
          <p className="field-error" role="alert" data-testid="ask-to-reconnect-refusal">
            {refusal}
          </p>
        )}
      </form>
    </Dialog>
  );
}
