import { accountFormOf, accountUpdateSchema, type UserDto } from '@karm/domain/contract';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, useRecordQuestions } from '@/components';
import { applyServerFieldErrors, useContractForm } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { verifyStoredSession } from '@/lib/session';
import { useAuthStore } from '@/lib/store/auth-store';
import { ProfileSection } from '../profile-section';
import { AppliesNote } from './applies-note';
import { AvatarField } from './avatar-field';
import { saveAccount } from './profile-api';

type AccountValues = ReturnType<typeof accountFormOf>;

const AccountForm = ({ user }: { user: UserDto }) => {
  const { t } = useTranslation('profile');
  const questions = useRecordQuestions('profile');
  const form = useContractForm<AccountValues>(accountUpdateSchema, accountFormOf(user));
  const reset = (saved: UserDto) => {
    form.setValues(accountFormOf(saved));
    form.resetDirty(accountFormOf(saved));
  };

  // A newer account (saved in another tab and pushed here) replaces an untouched form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version resets the form
  useEffect(() => {
    if (form.values.version !== user.version && !form.isDirty()) reset(user);
  }, [user.version]);

  const submit = form.onSubmit(async (values) => {
    try {
      reset(await saveAccount(values));
      notifySuccess(t('account.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        if ((await questions.wantsNewerVersion()) && (await verifyStoredSession())) {
          const fresh = useAuthStore.getState().user;
          if (fresh) reset(fresh);
        }
        return;
      }
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('account.firstName')} withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label={t('account.lastName')} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          label={t('account.email')}
          description={t('account.emailHint')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('account.phone')}
          type="tel"
          autoComplete="tel"
          {...form.getInputProps('phone')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('account.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** SPEC §2 account settings: username (read only), picture, name, e-mail and phone. */
export const AccountSection = () => {
  const { t } = useTranslation('profile');
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  return (
    <ProfileSection title={t('account.title')}>
      <AppliesNote>{t('appliesNow')}</AppliesNote>
      <Stack>
        <AvatarField />
        <TextInput
          label={t('account.username')}
          description={t('account.usernameHint')}
          value={user.username}
          readOnly
        />
        <AccountForm user={user} />
      </Stack>
    </ProfileSection>
  );
};
