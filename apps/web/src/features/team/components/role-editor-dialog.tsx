import { zodResolver } from '@hookform/resolvers/zod';
import { PERMISSIONS, roleNameSchema, type Permission, type Role } from '@gds/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { Icon } from '../../../components/icon.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useCreateRole, useUpdateRole, type PermissionIdentifier } from '../api/roles.ts';
import { FieldError } from './field-error.tsx';
import { fieldMessage, refusedField } from './field-message.ts';

const formSchema = z.object({ name: roleNameSchema, permissions: z.array(z.enum(PERMISSIONS)) });
type Values = z.input<typeof formSchema>;

interface RoleEditorDialogProps {
  /** The role to edit; null creates one. */
  role: Role | null;
  identifiers: readonly PermissionIdentifier[];
  onClose: () => void;
}

/** "New role" and "Edit": a name and a checkbox per permission, each with what it allows. */
export function RoleEditorDialog({ role, identifiers, onClose }: RoleEditorDialogProps) {
  const id = useId();
  const create = useCreateRole();
  const update = useUpdateRole();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: role?.name ?? '',
      permissions: role ? PERMISSIONS.filter((name: Permission) => role.permissions[name]) : [],
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const saved = role
        ? await update.mutateAsync({ id: role.id, ...values })
        : await create.mutateAsync(values);
      showToast(role ? `${saved.role.name} was saved` : `${saved.role.name} was created`, {
        tone: 'success',
      });
      onClose();
    } catch (error) {
      const field = refusedField(error, ['name', 'permissions'] as const);
      if (isSessionError(error)) onClose();
      else if (field) setError(field, { message: errorMessage(error) });
      else setRefusal(errorMessage(error));
    }
  });

  const nameError = errors.name?.message;
  const permissionsError = errors.permissions?.message;
  return (
    <Dialog
      open
      title={role ? `Edit ${role.name}` : 'New role'}
      onClose={onClose}
      testId="role-editor-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={`${id}-form`}
            variant="primary"
            loading={isSubmitting}
            data-testid="save-role"
          >
            {role ? 'Save changes' : 'Create role'}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="dialog-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`} className="field-label">
            Name
          </label>
          <input
            id={`${id}-name`}
            className={`input${nameError ? ' input-invalid' : ''}`}
            autoComplete="off"
            maxLength={60}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            data-testid="role-name"
            {...register('name')}
          />
          {nameError && (
            <FieldError id={`${id}-name-error`} message={fieldMessage('Name', nameError, 'name')} />
          )}
        </div>
        <fieldset
          className="permission-fieldset"
          aria-describedby={permissionsError ? `${id}-permissions-error` : undefined}
        >
          <legend className="field-label">Members with this role may</legend>
          {identifiers.map((permission) => (
            <label key={permission.name} className="permission-option">
              <input
                type="checkbox"
                value={permission.name}
                aria-labelledby={`${id}-${permission.name}-label`}
                aria-describedby={`${id}-${permission.name}`}
                {...register('permissions')}
              />
              <span>
                <span id={`${id}-${permission.name}-label`} className="permission-label">
                  {permission.label}
                </span>
                <span id={`${id}-${permission.name}`} className="permission-description">
                  {permission.description}
                </span>
              </span>
            </label>
          ))}
          {permissionsError && (
            <FieldError
              id={`${id}-permissions-error`}
              message={fieldMessage('Permissions', permissionsError, 'permissions')}
            />
          )}
        </fieldset>
        {refusal && (
          <div className="alert alert-danger" role="alert" data-testid="role-error">
            <Icon name="alert" size={16} />
            <span>{refusal}</span>
          </div>
        )}
      </form>
    </Dialog>
  );
}
