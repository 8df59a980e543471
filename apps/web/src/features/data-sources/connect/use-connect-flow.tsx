import { MESSAGES } from '@gds/contract';
import { useCallback, useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/dialog.tsx';
import { planRefusalOf } from '../../../components/plan-refusal-hint.tsx';
import { trackEvent } from '../../../lib/analytics.ts';
import { isSessionError } from '../../../lib/api-error.ts';
import { useAppStore } from '../../../lib/app-store.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSkin } from '../../../skins/skin-context.tsx';
import type { Connector } from '../api/connectors-query.ts';
import {
  connectionFailureMessage,
  startConnection,
  type ConnectionStart,
} from '../api/connection-api.ts';
import { canShowCredentialPanel, CredentialPanel, isFormConnector } from './credential-panel.tsx';
import { PlanRefusalDialog } from './plan-refusal-dialog.tsx';

export interface ConnectOptions {
  /** Reconnect this credential in place. */
  credentialId?: string;
  /** The dashboard tool's return address, when the flow started from it. */
  redirectUri?: string;
}

interface OpenDialog {
  connector: Connector;
  start: ConnectionStart;
  reconnect: boolean;
}

/**
 * Adding a connector: loading on, GET /api/auth/, loading off; then an error toast,
 * or the credential modal (form fields, or the provider sign-in panel). Returns `connect` and the
 * modal to render.
 */
export function useConnectFlow(): {
  connect: (connector: Connector, options?: ConnectOptions) => Promise<void>;
  dialog: ReactNode;
} {
  const skin = useSkin();
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const [refused, setRefused] = useState<{ connector: Connector; error: unknown } | null>(null);

  const connect = useCallback(
    async (connector: Connector, options: ConnectOptions = {}) => {
      trackEvent('connectorSelect', connector.nameSimple);
      const store = useAppStore.getState();
      store.setLoading(true);
      let start: ConnectionStart;
      try {
        start = await startConnection({
          connectorId: connector.id,
          masterEmail: store.user?.email,
          businessUnit: skin.businessUnit,
          credentialId: options.credentialId,
          redirectUri: options.redirectUri,
        });
      } catch (error) {
        // A plan refusal stays on screen with the way to Billing; a toast would vanish first.
        if (planRefusalOf(error)) setRefused({ connector, error });
        // An ended session already shows its own message and goes to the logout screen.
        else if (!isSessionError(error)) {
          showToast(connectionFailureMessage(error), { tone: 'danger' });
        }
        return;
      } finally {
        useAppStore.getState().setLoading(false);
      }
      if (start.error) {
        showToast(MESSAGES.connectionError(start.error), { tone: 'danger' });
      } else if (canShowCredentialPanel(connector, start)) {
        setOpen({ connector, start, reconnect: options.credentialId !== undefined });
      } else {
        showToast(MESSAGES.connectionFailed, { tone: 'danger' });
      }
    },
    [skin.businessUnit],
  );

  const close = useCallback(() => setOpen(null), []);
  const refusal = refused && (
    <PlanRefusalDialog
      connectorName={refused.connector.name}
      error={refused.error}
      onClose={() => setRefused(null)}
    />
  );
  const dialog =
    refusal ||
    (open && (
      <Dialog
        open
        title={dialogTitle(open)}
        {...(isFormConnector(open.connector) ? { description: formDescription(open) } : {})}
        onClose={() => {
          trackEvent('connectorDeselect', open.connector.nameSimple);
          close();
        }}
        testId="credential-dialog"
      >
        <CredentialPanel
          connector={open.connector}
          start={open.start}
          onDone={close}
          replacing={open.reconnect}
        />
      </Dialog>
    ));
  return { connect, dialog };
}

function dialogTitle({ connector, reconnect }: OpenDialog): string {
  if (isFormConnector(connector)) {
    return reconnect ? `Replace the key of ${connector.name}` : `Login to ${connector.name}`;
  }
  return reconnect ? `Reconnect ${connector.name}` : `Connect ${connector.name}`;
}

/** A replaced key is checked before it is saved, and the one in use stays until then. */
function formDescription({ connector, reconnect }: OpenDialog): string {
  return reconnect
    ? `Type the new key or secret; a field left empty keeps what is stored. ${connector.name} checks it first, and the key in use stays until it accepts the new one.`
    : `Enter your ${connector.name} details. They are checked with ${connector.name} before anything is saved.`;
}
