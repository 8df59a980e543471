import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { useStartClientConnection } from '../api/client-link-info.ts';

const formSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address')
    .max(320, 'Use an email address of 320 characters or fewer')
    .pipe(z.email('Enter an email address such as name@company.com')),
});
type FormValues = z.input<typeof formSchema>;

interface ClientConnectFormProps {
  token: string;
  teamName: string;
  connectorName: string;
  recipientEmail: string | null;
}

/** The client's email (who connected is recorded), then off to the provider's consent. */
export function ClientConnectForm({
  token,
  teamName,
  connectorName,
  recipientEmail,
}: ClientConnectFormProps) {
  const id = useId();
  const start = useStartClientConnection();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: recipientEmail ?? '' },
  });

  // Busy from the first click (isSubmitting) until the browser has left for the provider.
  const redirecting = isSubmitting || start.isPending || start.isSuccess;

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await start.mutateAsync({ token, email });
    } catch (error) {
      const field = error instanceof ApiError && error.field === 'email' ? 'email' : 'root';
      setError(field, { message: errorMessage(error) });
    }
  });

  const emailError = errors.email?.message;
  return (
    <form className="connect-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-email`} className="field-label">
          Your email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          className={`input${emailError ? ' input-invalid' : ''}`}
          autoComplete="email"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${id}-error` : `${id}-help`}
          data-testid="connect-email"
          {...register('email')}
        />
        {emailError ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            <Icon name="alert" size={14} /> {emailError}
          </p>
        ) : (
          <p id={`${id}-help`} className="field-help">
            So {teamName} knows who connected these accounts.
          </p>
        )}
      </div>
      {errors.root?.message && (
        <div className="alert alert-danger" role="alert" data-testid="connect-error">
          <Icon name="alert" />
          <div>{errors.root.message}</div>
        </div>
      )}
      <Button
        type="submit"
        variant="primary"
        size="lg"
        loading={redirecting}
        data-testid="connect-continue"
      >
        Continue to {connectorName}
        {!redirecting && <Icon name="arrowRight" size={16} />}
      </Button>
      {redirecting && (
        <p className="login-progress" role="status">
          Taking you to {connectorName}…
        </p>
      )}
    </form>
  );
}
