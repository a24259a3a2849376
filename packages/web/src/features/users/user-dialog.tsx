import { type UserAdminDto, userUpdateSchema } from '@karm/domain/contract';
import { formatDateTime, VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconMailForward, IconShieldOff, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, notifyError, notifySuccess, useConfirm, useRecordQuestions } from '@/components';
import { applyServerFieldErrors, changedValues, translateMessage, useContractForm } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { useAuthStore } from '@/lib/store/auth-store';
import { UserFields } from './user-fields';
import { formValuesOf, newUserValues, type UserFormValues } from './user-form';
import {
  useDeactivateUser,
  useDeleteUser,
  useReactivateUser,
  useSendInvitationAgain,
  useTurnOffTwoFactor,
  useUpdateUser,
  useUser,
} from './users-api';

export type UserDialogProps = { userId: string | null; onClose: () => void };

/** A user of the company, opened from the users list: edit, deactivate or reactivate, delete. */
export const UserDialog = ({ userId, onClose }: UserDialogProps) =>
  userId ? <UserDialogWindow key={userId} userId={userId} onClose={onClose} /> : null;

/** Only what an administrator edits goes to the server, and only what changed. */
const EDITED_FIELDS = [
  'username',
  'firstName',
  'lastName',
  'email',
  'phone',
  'comments',
  'dateOfBirth',
  'dateOfEmployment',
  'userType',
  'role',
  'employeeId',
  'password',
] as const satisfies readonly (keyof UserFormValues)[];

const editedOf = (values: UserFormValues) =>
  Object.fromEntries(EDITED_FIELDS.map((field) => [field, values[field]])) as Pick<
    UserFormValues,
    (typeof EDITED_FIELDS)[number]
  >;

const UserDialogWindow = ({ userId, onClose }: { userId: string; onClose: () => void }) => {
  const { t } = useTranslation('users');
  const confirm = useConfirm();
  const questions = useRecordQuestions('users');
  const signedInUserId = useAuthStore((state) => state.user?.id);
  const loaded = useUser(userId);
  const [saved, setSaved] = useState<UserAdminDto | null>(null);
  // Blank until the user is read (the dialog shows a loader until then).
  const form = useContractForm<UserFormValues>(userUpdateSchema, newUserValues('en'));
  const update = useUpdateUser();
  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  const remove = useDeleteUser();
  const invite = useSendInvitationAgain();
  const turnOffTwoFactor = useTurnOffTwoFactor();

  const adopt = (user: UserAdminDto) => {
    const values = formValuesOf(user);
    setSaved(user);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
  };
  // The first answer becomes the form; a newer version (a push) replaces it only while nothing is edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: adopt is recreated every render
  useEffect(() => {
    if (loaded.data && (!saved || (loaded.data.version !== saved.version && !form.isDirty()))) {
      adopt(loaded.data);
    }
  }, [loaded.data]);

  if (!saved) {
    return (
      <AppDialog opened onClose={onClose} title={t('list.title')} size="lg">
        {loaded.isError ? <Alert color="red">{translateMessage(t, loaded.error.message)}</Alert> : <Loader />}
      </AppDialog>
    );
  }

  const name = saved.fullName;
  const isSelf = saved.id === signedInUserId;
  const isReadOnly = !saved.isManageable;

  const save = async () => {
    const validation = form.validate();
    if (validation.hasErrors) return;
    const changes = changedValues(editedOf(formValuesOf(saved)), editedOf(form.values));
    if (changes.password === '') delete changes.password;
    try {
      adopt(await update.mutateAsync({ id: saved.id, version: saved.version, ...changes }));
      notifySuccess(t('dialog.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        if (await questions.wantsNewerVersion()) {
          const fresh = await loaded.refetch();
          if (fresh.data) adopt(fresh.data);
        }
        return;
      }
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    }
  };

  const changeState = async () => {
    if (saved.isActive) {
      const isConfirmed = await confirm({
        title: t('dialog.deactivateTitle'),
        message: t('dialog.deactivateQuestion', { name }),
        confirmLabel: t('dialog.deactivate'),
      });
      if (!isConfirmed) return;
    }
    try {
      const target = { id: saved.id, version: saved.version };
      adopt(await (saved.isActive ? deactivate : reactivate).mutateAsync(target));
      notifySuccess(t(saved.isActive ? 'dialog.deactivated' : 'dialog.reactivated', { name }));
    } catch (error) {
      notifyError(error);
    }
  };

  const deleteUser = async () => {
    try {
      await remove.mutateAsync({ id: saved.id, version: saved.version });
      notifySuccess(t('dialog.deleted', { name }));
      onClose();
    } catch (error) {
      notifyError(error);
    }
  };

  const sendInvitation = async () => {
    try {
      await invite.mutateAsync(saved.id);
      notifySuccess(t('dialog.invitationSent', { email: saved.email ?? '' }));
    } catch (error) {
      notifyError(error);
    }
  };

  // For someone who lost their phone; one's own is turned off on the profile, with a code.
  const offerTurnOffTwoFactor = saved.hasTwoFactor && !isSelf;
  const turnOffTheirTwoFactor = async () => {
    const isConfirmed = await confirm({
      title: t('dialog.turnOffTwoFactor'),
      message: t('dialog.turnOffTwoFactorQuestion', { name }),
      confirmLabel: t('dialog.turnOffTwoFactor'),
    });
    if (!isConfirmed) return;
    try {
      await turnOffTwoFactor.mutateAsync(saved.id);
      const fresh = await loaded.refetch();
      if (fresh.data) adopt(fresh.data);
      notifySuccess(t('dialog.twoFactorTurnedOff', { name }));
    } catch (error) {
      notifyError(error);
    }
  };

  const isBusy =
    deactivate.isPending ||
    reactivate.isPending ||
    remove.isPending ||
    invite.isPending ||
    turnOffTwoFactor.isPending;
  const footerExtra = isReadOnly ? undefined : (
    <Group gap="xs">
      {isSelf ? (
        // SPEC §5: a user cannot delete themselves. The button answers so instead of asking first.
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => notifyError(translateMessage(t, VALIDATION_MESSAGE_KEYS.cannotDeleteSelf))}
        >
          {t('components:dialog.delete')}
        </Button>
      ) : (
        <Button
          variant="default"
          leftSection={saved.isActive ? <IconUserOff size={16} /> : <IconUserCheck size={16} />}
          loading={deactivate.isPending || reactivate.isPending}
          disabled={isBusy}
          onClick={() => void changeState()}
        >
          {t(saved.isActive ? 'dialog.deactivate' : 'dialog.reactivate')}
        </Button>
      )}
      {saved.isInvitationPending && (
        <Button
          variant="default"
          leftSection={<IconMailForward size={16} />}
          loading={invite.isPending}
          disabled={isBusy}
          onClick={() => void sendInvitation()}
        >
          {t('dialog.sendInvitation')}
        </Button>
      )}
      {offerTurnOffTwoFactor && (
        <Button
          variant="default"
          leftSection={<IconShieldOff size={16} />}
          loading={turnOffTwoFactor.isPending}
          disabled={isBusy}
          onClick={() => void turnOffTheirTwoFactor()}
        >
          {t('dialog.turnOffTwoFactor')}
        </Button>
      )}
    </Group>
  );

  return (
    <AppDialog
      opened
      onClose={() => void questions.closeUnlessKept(form.isDirty(), onClose)}
      title={t('dialog.title', { name })}
      size="lg"
      onSave={isReadOnly ? undefined : save}
      saving={update.isPending}
      onDelete={isReadOnly || isSelf ? undefined : deleteUser}
      deleteConfirmMessage={t('dialog.deleteQuestion', { name })}
      busy={isBusy}
      footerExtra={footerExtra}
    >
      <Stack gap="sm">
        {isReadOnly && <Alert color="blue">{t('dialog.readOnly', { name })}</Alert>}
        {saved.isInvitationPending && <Alert color="yellow">{t('dialog.invitationPending', { name })}</Alert>}
        {saved.hasTwoFactor && (
          <Text size="sm" c="dimmed">
            {t('dialog.twoFactorOn')}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {saved.lastSignedInAt
            ? t('dialog.lastSignedIn', { time: formatDateTime(saved.lastSignedInAt) })
            : t('dialog.neverSignedIn')}
        </Text>
        <UserFields
          form={form}
          userId={saved.id}
          isNew={false}
          showPassword={!isReadOnly}
          isReadOnly={isReadOnly}
        />
      </Stack>
    </AppDialog>
  );
};
