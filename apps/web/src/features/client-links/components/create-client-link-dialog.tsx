import { CLIENT_LINK_DEFAULT_DAYS, CLIENT_LINK_MAX_DAYS, emailSchema } from '@gds/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { Icon } from '../../../components/icon.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { useCreateClientLink, type CreatedClientLink } from '../api/client-links.ts';

/** A connector a client link may be for: OAuth, and one the team may connect now. */
export interface LinkableConnector {
  id: number;
  name: string;
}

interface CreateClientLinkDialogProps {
  connectors: readonly LinkableConnector[];
  onCreated: (created: CreatedClientLink) => void;
  onClose: () => void;
}

/** Whole days from 1 to the maximum, or what is wrong with the value typed. */
function daysProblem(value: string): string | null {
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > CLIENT_LINK_MAX_DAYS) {
    return `Valid for must be a whole number of days from 1 to ${CLIENT_LINK_MAX_DAYS}.`;
  }
  return null;
}

/**
 * "New client link": the data source, the client's email (optional: without it the link is
 * only copied), how long it works and whether more than one connection may use it.
 */
export function CreateClientLinkDialog({
  connectors,
  onCreated,
  onClose,
}: CreateClientLinkDialogProps) {
  const id = useId();
  const create = useCreateClientLink();
  const [connectorId, setConnectorId] = useState(String(connectors[0]?.id ?? ''));
  const [email, setEmail] = useState('');
  const [days, setDays] = useState(String(CLIENT_LINK_DEFAULT_DAYS));
  const [multiUse, setMultiUse] = useState(false);
  const [sendEmail, setSendEmail] = useState(true);
  const [problems, setProblems] = useState<{
    email?: string | undefined;
    days?: string | undefined;
  }>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    const found = {
      email:
        typed && !emailSchema.safeParse(typed).success
          ? 'Client email must be an email address such as name@brand.com.'
          : undefined,
      days: daysProblem(days) ?? undefined,
    };
    setProblems(found);
    setRefusal(null);
    if (found.email || found.days) return;
    try {
      onCreated(
        await create.mutateAsync({
          connectorId: Number(connectorId),
          recipientEmail: typed,
          expiresInDays: Number(days),
          multiUse: multiUse ? 'true' : 'false',
          sendEmail: typed && sendEmail ? 'true' : 'false',
        }),
      );
    } catch (error) {
      if (isSessionError(error)) onClose();
      else setRefusal(errorMessage(error));
    }
  };

  const none = connectors.length === 0;
  return (
    <Dialog
      open
      title="New client link"
      description="Your client connects their own accounts through the provider's sign-in. They need no account here and never share a password."
      onClose={onClose}
      testId="create-client-link-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={`${id}-form`}
            variant="primary"
            loading={create.isPending}
            disabled={none}
            data-testid="create-client-link"
          >
            Create link
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="dialog-form" onSubmit={(e) => void submit(e)} noValidate>
        {none ? (
          <div className="alert alert-info" role="note">
            <Icon name="info" size={16} />
            <span>
              None of the data sources your plan includes can be connected through a link: links
              work for data sources that use the provider&apos;s own sign-in.
            </span>
          </div>
        ) : (
          <div className="field">
            <label htmlFor={`${id}-connector`} className="field-label">
              Data source
            </label>
            <select
              id={`${id}-connector`}
              className="input"
              value={connectorId}
              onChange={(e) => setConnectorId(e.target.value)}
              data-testid="client-link-connector"
            >
              {connectors.map((connector) => (
                <option key={connector.id} value={connector.id}>
                  {connector.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-email`} className="field-label">
            Client email <span className="field-optional">(optional)</span>
          </label>
          <input
            id={`${id}-email`}
            type="email"
            className={`input${problems.email ? ' input-invalid' : ''}`}
            autoComplete="off"
            placeholder="name@brand.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={problems.email ? true : undefined}
            aria-describedby={problems.email ? `${id}-email-error` : `${id}-email-hint`}
            data-testid="client-link-email"
          />
          {problems.email ? (
            <p id={`${id}-email-error`} className="field-error" role="alert">
              {problems.email}
            </p>
          ) : (
            <p id={`${id}-email-hint`} className="field-hint">
              Without an email you copy the link and send it yourself.
            </p>
          )}
        </div>
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={sendEmail && email.trim() !== ''}
            disabled={email.trim() === ''}
            onChange={(e) => setSendEmail(e.target.checked)}
            data-testid="client-link-send-email"
          />
          <span>Email the link to the client</span>
        </label>
        <div className="field">
          <label htmlFor={`${id}-days`} className="field-label">
            Valid for (days)
          </label>
          <input
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={1}
            max={CLIENT_LINK_MAX_DAYS}
            className={`input input-narrow${problems.days ? ' input-invalid' : ''}`}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            aria-invalid={problems.days ? true : undefined}
            aria-describedby={problems.days ? `${id}-days-error` : undefined}
            data-testid="client-link-days"
          />
          {problems.days && (
            <p id={`${id}-days-error`} className="field-error" role="alert">
              {problems.days}
            </p>
          )}
        </div>
        <fieldset className="field">
          <legend className="field-label">Uses</legend>
          <label className="checkbox-row">
            <input
              type="radio"
              name={`${id}-uses`}
              checked={!multiUse}
              onChange={() => setMultiUse(false)}
              data-testid="client-link-single-use"
            />
            <span>Single use: works for one connection</span>
          </label>
          <label className="checkbox-row">
            <input
              type="radio"
              name={`${id}-uses`}
              checked={multiUse}
              onChange={() => setMultiUse(true)}
              data-testid="client-link-multi-use"
            />
            <span>Multi-use: works until it expires or you revoke it</span>
          </label>
        </fieldset>
        {refusal && (
          <div className="alert alert-danger" role="alert" data-testid="client-link-refusal">
            <Icon name="alert" size={16} />
            <span>{refusal}</span>
          </div>
        )}
      </form>
    </Dialog>
  );
}
