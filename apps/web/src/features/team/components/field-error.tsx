import { Icon } from '../../../components/icon.tsx';

/** The message beside a field; its id goes in the field's aria-describedby. */
export function FieldError({
  id,
  message,
  testId,
}: {
  id: string;
  message: string;
  testId?: string;
}) {
  return (
    <p id={id} className="field-error" role="alert" data-testid={testId}>
      <Icon name="alert" size={14} /> {message}
    </p>
  );
}
