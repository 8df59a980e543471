import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@gds/contract';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { trackEvent } from '../../../lib/analytics.ts';
import { isSessionError } from '../../../lib/api-error.ts';
import { useAppStore } from '../../../lib/app-store.ts';
import { showToast } from '../../../lib/toast-store.ts';
import type { Connector } from '../api/connectors-query.ts';
import { useSubmitCredentialForm, type CredentialFormResult } from '../api/connection-api.ts';
import { skippedAccountsMessage } from './connection-format.ts';

type Values = Record<string, string>;

/**
 * Every credential field of the connector is required, except when replacing the key of a
 * stored login: a field left empty then keeps its stored value.
 */
function schemaFor(connector: Connector, replacing: boolean) {
  const fields = connector.loginFields ?? [];
  return z.object(
    Object.fromEntries(
      fields.map((field) => [
        field.fieldName,
        replacing
          ? z.string().trim().max(2048)
          : z.string().trim().min(1, `${field.label} is required`).max(2048),
      ]),
    ),
  );
}

interface CredentialFormProps {
  connector: Connector;
  /** From the start of the connection; posted with the fields. */
  state: string;
  /** Called once the form is answered, whatever the outcome (the modal closes). */
  onDone?: () => void;
  /** Replacing the key of a stored login: empty fields keep theirs, a refusal says why. */
  replacing?: boolean;
}

/**
 * The credential form: one required input per credential field, 'Login with {connector}'. Submit
 * turns loading on and posts the fields with state; then loading goes off, the data sources are
 * refreshed, the modal closes, and a toast or the dashboard tool's address follows.
 */
export function CredentialForm({
  connector,
  state,
  onDone,
  replacing = false,
}: CredentialFormProps) {
  const fields = connector.loginFields ?? [];
  const idPrefix = useId();
  const schema = useMemo(() => schemaFor(connector, replacing), [connector, replacing]);
  const submit = useSubmitCredentialForm();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: Object.fromEntries(fields.map((field) => [field.fieldName, field.value ?? ''])),
  });

  const onSubmit = handleSubmit(async (values) => {
    const { setLoading } = useAppStore.getState();
    setLoading(true);
    let result: CredentialFormResult | null = null;
    let sessionEnded = false;
    try {
      result = await submit.mutateAsync({ ...values, state });
    } catch (error) {
      sessionEnded = isSessionError(error);
    } finally {
      setLoading(false);
    }
    onDone?.();
    if (sessionEnded) return;
    if (result?.success) {
      trackEvent('accountsChanged', 'added');
      if (result.redirectUri) {
        window.location.assign(result.redirectUri);
        return;
      }
      showToast(MESSAGES.accountConnected(connector.name), { tone: 'success' });
      if (result.accountsSkipped > 0) {
        showToast(skippedAccountsMessage(result.accountsSkipped), { durationMs: 6000 });
      }
    } else if (replacing && result?.error) {
      // The key in use stays; the person reads why the new one was not taken.
      showToast(`The key was not replaced: ${result.error}`, { tone: 'danger' });
    } else {
      if (result?.error) console.warn(`${connector.name} credentials refused:`, result.error);
      showToast(MESSAGES.accountNotValid(connector.name), { tone: 'danger' });
    }
  });

  return (
    <form
      className="credential-fields"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="credential-form"
    >
      {fields.map((field) => {
        const id = `${idPrefix}-${field.fieldName}`;
        const message = errors[field.fieldName]?.message;
        return (
          <div className="field" key={field.fieldName}>
            <label htmlFor={id} className="field-label">
              {field.label}
            </label>
            <input
              id={id}
              type={field.type}
              className={`input${message ? ' input-invalid' : ''}`}
              required={!replacing}
              placeholder={replacing ? 'Unchanged' : undefined}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              data-testid={`credential-field-${field.fieldName}`}
              {...register(field.fieldName)}
            />
            {message && (
              <p id={`${id}-error`} className="field-error" role="alert">
                <Icon name="alert" size={14} /> {message}
              </p>
            )}
          </div>
        );
      })}
      <Button
        type="submit"
        variant="primary"
        className="credential-fields-submit"
        loading={submit.isPending}
        data-testid="credential-form-submit"
      >
        Login with {connector.name}
      </Button>
    </form>
  );
}
