import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { showToast } from '../../../lib/toast-store.ts';

interface ClientLinkCreatedProps {
  url: string;
  recipientEmail: string | null;
  emailSent: boolean;
}

/** The new link's address, shown this once (only its hash is kept), with Copy. */
export function ClientLinkCreated({ url, recipientEmail, emailSent }: ClientLinkCreatedProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      showToast('Link copied', { tone: 'success' });
    } catch {
      // No clipboard access (older browser, insecure page): select it for the keyboard instead.
      inputRef.current?.select();
      showToast('Press Ctrl+C (⌘C on a Mac) to copy the selected link');
    }
  };

  return (
    <div className="link-created" data-testid="client-link-created">
      {recipientEmail &&
        (emailSent ? (
          <div className="alert alert-info" role="status">
            <Icon name="mail" />
            <div>
              We emailed the link to <strong>{recipientEmail}</strong>.
            </div>
          </div>
        ) : (
          <div className="alert alert-warning" role="status" data-testid="client-link-not-emailed">
            <Icon name="alert" />
            <div>
              The email to {recipientEmail} could not be sent. Copy the link and send it yourself.
            </div>
          </div>
        ))}
      <label htmlFor={`${id}-url`} className="field-label">
        Link for your client
      </label>
      <div className="copy-row">
        <input
          ref={inputRef}
          id={`${id}-url`}
          className="input input-mono"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="client-link-url"
        />
        <Button
          variant="primary"
          icon={<Icon name={copied ? 'check' : 'external'} size={16} />}
          onClick={() => void copy()}
          data-testid="client-link-copy"
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="field-help">
        This is the only time the link is shown. If it gets lost, revoke it and create a new one.
      </p>
    </div>
  );
}
