import { zodResolver } from '@hookform/resolvers/zod';
import { teamNameSchema } from '@gds/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useRenameTeam } from '../api/team-info.ts';

const formSchema = z.object({ name: teamNameSchema });
type FormValues = z.input<typeof formSchema>;

interface TeamNameEditorProps {
  name: string;
  canEdit: boolean;
}

/** The team name as the page heading, with inline rename for users allowed edit_team. */
export function TeamNameEditor({ name, canEdit }: TeamNameEditorProps) {
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <div className="team-name">
        <h1 className="page-title" data-testid="team-name">
          {name}
        </h1>
        {canEdit && (
          <button
            type="button"
            className="icon-button"
            aria-label="Rename team"
            data-testid="team-name-edit"
            onClick={() => setEditing(true)}
          >
            <Icon name="pencil" size={16} />
          </button>
        )}
      </div>
    );
  }
  return <RenameForm name={name} onDone={() => setEditing(false)} />;
}

function RenameForm({ name, onDone }: { name: string; onDone: () => void }) {
  const inputId = useId();
  const errorId = useId();
  const rename = useRenameTeam();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { name } });

  const onSubmit = handleSubmit(async ({ name: newName }) => {
    try {
      await rename.mutateAsync(newName);
      showToast('Team name updated', { tone: 'success' });
      onDone();
    } catch (error) {
      // Server validation names the field: show it beside the input like our own checks.
      const field = error instanceof ApiError && error.field === 'name' ? 'name' : 'root';
      setError(field, { message: errorMessage(error) });
    }
  });

  const message = errors.name?.message ?? errors.root?.message;
  return (
    <form className="team-name-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        Team name
      </label>
      <div className="team-name-row">
        <input
          id={inputId}
          className={`input input-lg${message ? ' input-invalid' : ''}`}
          autoFocus
          autoComplete="off"
          maxLength={120}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          data-testid="team-name-input"
          {...register('name')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
        />
        <Button
          type="submit"
          variant="primary"
          loading={rename.isPending}
          data-testid="team-name-save"
        >
          Save
        </Button>
        <Button variant="ghost" onClick={onDone} data-testid="team-name-cancel">
          Cancel
        </Button>
      </div>
      {message && (
        <p id={errorId} className="field-error" role="alert" data-testid="team-name-error">
          <Icon name="alert" size={14} /> {message}
        </p>
      )}
    </form>
  );
}
