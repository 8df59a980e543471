import { zodResolver } from '@hookform/resolvers/zod';
import { CLIENT_LINK_DEFAULT_DAYS, CLIENT_LINK_MAX_DAYS } from '@gds/contract';
import { useId } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Icon } from '../../../components/icon.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import type { NewClientLink } from '../api/client-links.ts';
import type { LinkConnector } from '../client-link-format.ts';
import {
  NEW_LINK_FIELDS,
  newLinkSchema,
  type NewLinkInput,
  type NewLinkOutput,
} from '../new-client-link-schema.ts';

interface NewClientLinkFormProps {
  formId: string;
  connectors: readonly LinkConnector[];
  /** Creates the link; a refusal with a field is shown beside that field. */
  onCreate: (body: NewClientLink) => Promise<unknown>;
}

/** Which connector, for whom (optional), once or many times, and for how many days. */
export function NewClientLinkForm({ formId, connectors, onCreate }: NewClientLinkFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewLinkInput, unknown, NewLinkOutput>({
    resolver: zodResolver(newLinkSchema),
    defaultValues: {
      connectorId: connectors.length === 1 ? String(connectors[0]?.id) : '',
      recipientEmail: '',
      multiUse: 'false',
      expiresInDays: String(CLIENT_LINK_DEFAULT_DAYS),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onCreate({ ...values, connectorId: Number(values.connectorId) });
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      const target =
        field && NEW_LINK_FIELDS.includes(field) ? (field as FieldPath<NewLinkInput>) : 'root';
      setError(target, { message: errorMessage(error) });
    }
  });

  const fieldError = (name: keyof NewLinkInput) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        <Icon name="alert" size={14} /> {message}
      </p>
    ) : null;
  };
  const describe = (name: keyof NewLinkInput, help?: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : help,
  });

  return (
    <form id={formId} className="stack-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-connector`} className="field-label">
          Connector
        </label>
        <select
          id={`${id}-connector`}
          className="input"
          data-testid="link-connector"
          {...describe('connectorId')}
          {...register('connectorId')}
        >
          <option value="">Choose a connector…</option>
          {connectors.map((connector) => (
            <option key={connector.id} value={connector.id}>
              {connector.name}
            </option>
          ))}
        </select>
        {fieldError('connectorId')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-email`} className="field-label">
          Client&apos;s email <span className="field-optional">(optional)</span>
        </label>
        <input
          id={`${id}-email`}
          type="email"
          className="input"
          autoComplete="off"
          placeholder="name@client.com"
          data-testid="link-email"
          {...describe('recipientEmail', `${id}-email-help`)}
          {...register('recipientEmail')}
        />
        {fieldError('recipientEmail') ?? (
          <p id={`${id}-email-help`} className="field-help">
            We email them the link. Leave it empty to copy the link and send it yourself.
          </p>
        )}
      </div>

      <fieldset className="field choice-group">
        <legend className="field-label">Can be used</legend>
        <label className="choice">
          <input type="radio" value="false" {...register('multiUse')} />
          <span>
            <strong>Once</strong> — for one client connecting one login
          </span>
        </label>
        <label className="choice">
          <input type="radio" value="true" data-testid="link-multi-use" {...register('multiUse')} />
          <span>
            <strong>Many times</strong> — until it expires, e.g. for a client with several logins
          </span>
        </label>
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-days`} className="field-label">
          Works for
        </label>
        <div className="input-suffix">
          <input
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={1}
            max={CLIENT_LINK_MAX_DAYS}
            className="input input-days"
            data-testid="link-days"
            {...describe('expiresInDays')}
            {...register('expiresInDays')}
          />
          <span>days (1–{CLIENT_LINK_MAX_DAYS})</span>
        </div>
        {fieldError('expiresInDays')}
      </div>

      {errors.root?.message && (
        <div className="alert alert-danger" role="alert" data-testid="link-create-error">
          <Icon name="alert" />
          <div>{errors.root.message}</div>
        </div>
      )}
    </form>
  );
}
