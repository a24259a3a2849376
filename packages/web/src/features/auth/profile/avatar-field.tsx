import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, UserAvatar, useConfirm } from '@/components';
import { useAuthStore } from '@/lib/store/auth-store';
import { saveProfile, uploadAvatar } from './profile-api';

/** The kinds of picture the server turns into an avatar (it refuses anything else by its bytes). */
const ACCEPTED = 'image/png,image/jpeg,image/gif,image/webp';

/** The person's picture: shown large, uploaded (made square on the server) or removed after asking. */
export const AvatarField = () => {
  const { t } = useTranslation('profile');
  const confirm = useConfirm();
  const user = useAuthStore((state) => state.user);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  if (!user) return null;
  const fileId = user.profile.avatarImage;

  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy('upload');
    try {
      await uploadAvatar(file);
      notifySuccess(t('picture.saved'));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    const isSure = await confirm({
      title: t('picture.removeTitle'),
      message: t('picture.removeMessage'),
      confirmLabel: t('picture.remove'),
    });
    if (!isSure) return;
    setBusy('remove');
    try {
      await saveProfile({ avatarImage: null });
      notifySuccess(t('picture.removed'));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap="md" wrap="nowrap" align="center">
      <UserAvatar
        fileId={fileId}
        name={user.fullName}
        alt={t('picture.alt', { name: user.fullName })}
        size={88}
      />
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={(file) => void upload(file)} accept={ACCEPTED}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                loading={busy === 'upload'}
                disabled={busy !== null}
                leftSection={<IconUpload size={14} />}
              >
                {t(fileId ? 'picture.replace' : 'picture.upload')}
              </Button>
            )}
          </FileButton>
          {fileId && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={busy === 'remove'}
              disabled={busy !== null}
              leftSection={<IconTrash size={14} />}
              onClick={() => void remove()}
            >
              {t('picture.remove')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('picture.hint')}
        </Text>
      </Stack>
    </Group>
  );
};
