import { zodResolver } from '@hookform/resolvers/zod';
import { INVITATION_TTL_DAYS, MEMBER_ROLE, emailSchema, idSchema, type Role } from '@gds/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { useCreateInvitation, type SentInvitation } from '../api/invitations.ts';
import { FieldError } from './field-error.tsx';
import { fieldMessage, refusedField } from './field-message.ts';
import { InviteRefusal } from './invite-refusal.tsx';

const formSchema = z.object({ email: emailSchema, roleId: idSchema });
type Values = z.input<typeof formSchema>;
const LABELS = { email: 'Email', roleId: 'Role' } as const;

/** New invitations start as plain members unless the inviter picks otherwise. */
function defaultRoleId(roles: readonly Role[]): string {
  return (roles.find((role) => role.name === MEMBER_ROLE) ?? roles.at(-1))?.id ?? '';
}

interface InviteMemberDialogProps {
  roles: readonly Role[];
  teamName: string;
  canBill: boolean;
  onSent: (sent: SentInvitation) => void;
  onClose: () => void;
}

/** "Invite member": email and role; refusals (no seat, already invited) shown in place. */
export function InviteMemberDialog({
  roles,
  teamName,
  canBill,
  onSent,
  onClose,
}: InviteMemberDialogProps) {
  const id = useId();
  const initialRole = defaultRoleId(roles);
  const create = useCreateInvitation();
  const [refusal, setRefusal] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: '', roleId: initialRole },
  });

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      onSent(await create.mutateAsync(values));
    } catch (error) {
      const field = refusedField(error, ['email', 'roleId'] as const);
      if (isSessionError(error)) onClose();
      else if (field) setError(field, { message: errorMessage(error) });
      else setRefusal(error);
    }
  });

  const emailError = errors.email?.message;
  const roleError = errors.roleId?.message;
  return (
    <Dialog
      open
      title="Invite a member"
      description={`They get an email with a link to join ${teamName}. It works once, for ${INVITATION_TTL_DAYS} days.`}
      onClose={onClose}
      testId="invite-member-dialog"
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
            data-testid="send-invitation"
          >
            Send invitation
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="dialog-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-email`} className="field-label">
            {LABELS.email}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            className={`input${emailError ? ' input-invalid' : ''}`}
            autoComplete="off"
            placeholder="name@agency.com"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            data-testid="invite-email"
            {...register('email')}
          />
          {emailError && (
            <FieldError
              id={`${id}-email-error`}
              message={fieldMessage(LABELS.email, emailError, 'email')}
            />
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-role`} className="field-label">
            {LABELS.roleId}
          </label>
          <select
            id={`${id}-role`}
            className={`input${roleError ? ' input-invalid' : ''}`}
            aria-invalid={roleError ? true : undefined}
            aria-describedby={roleError ? `${id}-role-error` : undefined}
            data-testid="invite-role"
            // The DOM's own default too: not every environment applies the form's to a select.
            defaultValue={initialRole}
            {...register('roleId')}
          >
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </select>
          {roleError && (
            <FieldError
              id={`${id}-role-error`}
              message={fieldMessage(LABELS.roleId, roleError, 'roleId')}
            />
          )}
        </div>
        {refusal !== null && <InviteRefusal error={refusal} canBill={canBill} />}
      </form>
    </Dialog>
  );
}
