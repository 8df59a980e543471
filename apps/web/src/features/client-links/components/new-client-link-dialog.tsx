import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { isSessionError } from '../../../lib/api-error.ts';
import { useCreateClientLink, type NewClientLink } from '../api/client-links.ts';
import type { LinkConnector } from '../client-link-format.ts';
import { ClientLinkCreated } from './client-link-created.tsx';
import { NewClientLinkForm } from './new-client-link-form.tsx';

const NEW_LINK_DESCRIPTION =
  'Your client signs in to the data source and its accounts land in your team. No password changes hands.';

interface Created {
  url: string;
  recipientEmail: string | null;
  emailSent: boolean;
}

interface NewClientLinkDialogProps {
  open: boolean;
  onClose: () => void;
  connectors: readonly LinkConnector[];
}

/** "New client link": the form, then the address to copy. */
export function NewClientLinkDialog({ open, onClose, connectors }: NewClientLinkDialogProps) {
  const formId = useId();
  const create = useCreateClientLink();
  const [created, setCreated] = useState<Created | null>(null);
  // One link per opening: a second click (before the busy state shows, or after a fast answer
  // but before the form gives way to the address) must not create a second link.
  const inFlight = useRef(false);

  const close = () => {
    inFlight.current = false;
    setCreated(null);
    create.reset();
    onClose();
  };

  const onCreate = async (body: NewClientLink) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const result = await create.mutateAsync(body);
      setCreated({
        url: result.url,
        recipientEmail: result.link.recipientEmail,
        emailSent: result.emailSent,
      });
    } catch (error) {
      inFlight.current = false;
      // An ended session is already on its way to the logout screen.
      if (!isSessionError(error)) throw error;
    }
  };

  return (
    <Dialog
      open={open}
      title={created ? 'Client link created' : 'New client link'}
      {...(created ? {} : { description: NEW_LINK_DESCRIPTION })}
      onClose={close}
      testId="new-client-link-dialog"
      footer={
        created ? (
          <Button variant="primary" onClick={close} data-testid="client-link-done">
            Done
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              form={formId}
              variant="primary"
              loading={create.isPending}
              disabled={connectors.length === 0}
              data-testid="client-link-create"
            >
              Create link
            </Button>
          </>
        )
      }
    >
      {created ? (
        <ClientLinkCreated {...created} />
      ) : connectors.length === 0 ? (
        <p className="dialog-text" data-testid="client-link-no-connectors">
          No connector can be shared with a link right now. Links work for connectors where your
          client signs in with the provider, and that your plan includes.
        </p>
      ) : (
        <NewClientLinkForm formId={formId} connectors={connectors} onCreate={onCreate} />
      )}
    </Dialog>
  );
}
