import { MESSAGE_LIMITS, type MessageRecipients } from '@karm/domain/contract';
import { Button, MultiSelect, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, notifyError, notifySuccess } from '@/components';
import { fieldErrorsOf, translateMessage } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { useAuthStore } from '@/lib/store/auth-store';
import { useMessageRecipients, useSendMessage } from './messages-api';

type Kind = MessageRecipients['kind'];

export type ComposeDialogProps = { opened: boolean; onClose: () => void };

/** The compose dialog: a message to colleagues, one or several, a work group, or everyone. */
export const ComposeDialog = ({ opened, onClose }: ComposeDialogProps) => {
  const { t, i18n } = useTranslation('messages');
  const me = useAuthStore((state) => state.user?.id);
  const options = useMessageRecipients(opened);
  const send = useSendMessage();
  const [kind, setKind] = useState<Kind>('users');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [workGroup, setWorkGroup] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!opened) return;
    setKind('users');
    setUserIds([]);
    setWorkGroup(null);
    setText('');
    setErrors({});
  }, [opened]);

  const locale = i18n.language === 'nb' ? 'nb' : 'en';
  const translate = (key: string | undefined) => (key ? translateMessage(t, key) : undefined);

  const submit = async () => {
    const local: Record<string, string> = {};
    if (text.trim() === '') local.message = 'validation.required';
    if (kind === 'users' && userIds.length === 0) local['to.userIds'] = 'validation.required';
    if (kind === 'workGroup' && !workGroup) local['to.workGroup'] = 'validation.required';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const to: MessageRecipients =
      kind === 'users'
        ? { kind, userIds }
        : kind === 'workGroup'
          ? { kind, workGroup: workGroup as string }
          : { kind };
    try {
      await send.mutateAsync({ message: text, to });
      notifySuccess(t('toast.sent'));
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrorsOf(error) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) notifyError(error);
    }
  };

  const users = (options.data?.users ?? []).filter((user) => user.id !== me);
  const groups = options.data?.workGroups ?? [];

  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      onCancel={onClose}
      title={t('compose.title')}
      size="md"
      busy={send.isPending}
      footerExtra={
        <Button onClick={() => void submit()} loading={send.isPending} leftSection={<IconSend size={16} />}>
          {t('compose.send')}
        </Button>
      }
    >
      <Stack>
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as Kind)}
          data={[
            { value: 'users', label: t('compose.toUsers') },
            { value: 'workGroup', label: t('compose.toWorkGroup') },
            { value: 'everyone', label: t('compose.toEveryone') },
          ]}
          aria-label={t('compose.to')}
          fullWidth
        />
        {kind === 'users' && (
          <MultiSelect
            label={t('compose.recipients')}
            placeholder={t('compose.recipientsPlaceholder')}
            data={users.map((user) => ({ value: user.id, label: user.name }))}
            value={userIds}
            onChange={setUserIds}
            searchable
            clearable
            nothingFoundMessage={t('compose.nobodyFound')}
            error={translate(errors['to.userIds'])}
            data-testid="compose-recipients"
            comboboxProps={{ withinPortal: true, zIndex: 1000 }}
          />
        )}
        {kind === 'workGroup' && (
          <Select
            label={t('compose.workGroup')}
            data={groups.map((group) => ({
              value: group.key,
              label: t('compose.workGroupOption', { name: group.labels[locale], count: group.memberCount }),
              disabled: group.memberCount === 0,
            }))}
            value={workGroup}
            onChange={setWorkGroup}
            error={translate(errors['to.workGroup'])}
            data-testid="compose-work-group"
            comboboxProps={{ withinPortal: true, zIndex: 1000 }}
          />
        )}
        {kind === 'everyone' && (
          <Text size="sm" c="dimmed">
            {t('compose.everyoneHint', { count: users.length })}
          </Text>
        )}
        <Textarea
          label={t('compose.message')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={12}
          maxLength={MESSAGE_LIMITS.text}
          required
          error={translate(errors.message ?? errors.to)}
          description={t('compose.length', { count: text.length, max: MESSAGE_LIMITS.text })}
          data-testid="compose-message"
        />
      </Stack>
    </AppDialog>
  );
};
