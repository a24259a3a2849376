import type { ContactDto } from '@karm/domain/contract';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchNewerContact,
  useArchiveContact,
  useCreateContact,
  useUpdateContact,
} from '@/lib/api/customers';
import { applyServerFieldErrors, changedValues, translateMessage } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { AppDialog } from '../app-dialog/app-dialog';
import { useRecordQuestions } from '../app-dialog/use-record-questions';
import { notifyError, notifySuccess } from '../notify/notify';

export type AddContactDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The customer the contact belongs to; shown read-only. */
  customer: { id: string; name: string };
  /** The saved contact to edit (or remove); without it the dialog adds a new one. */
  contact?: ContactDto | null;
  /** Called with the saved contact, before the dialog closes. */
  onCreated?: (contact: ContactDto) => void;
};

type ContactFormValues = { firstName: string; lastName: string; phoneNumberMobile: string; email: string };

const EMPTY_CONTACT: ContactFormValues = { firstName: '', lastName: '', phoneNumberMobile: '', email: '' };

const valuesOf = (contact: ContactDto): ContactFormValues => ({
  firstName: contact.firstName,
  lastName: contact.lastName,
  phoneNumberMobile: contact.phoneNumberMobile,
  email: contact.email,
});

/**
 * SPEC §2 "add contact": title Add Contact, the customer read-only, first name, last name, mobile and
 * e-mail, and a Save button only. SPEC §5: the dialog does not validate; whatever is typed is sent.
 * Given a saved contact, the same form edits it at the version it opened with (a newer one offers
 * to retrieve it, SPEC §4), and Delete removes it from the customer after asking.
 */
export const AddContactDialog = ({
  opened,
  onClose,
  customer,
  contact,
  onCreated,
}: AddContactDialogProps) => {
  const { t } = useTranslation('customers');
  const queryClient = useQueryClient();
  const questions = useRecordQuestions('customers');
  const createContact = useCreateContact();
  const updateContact = useUpdateContact();
  const archiveContact = useArchiveContact();
  // The version the edits are based on: the opened contact, or the newer one retrieved after a conflict.
  const [base, setBase] = useState<ContactDto | null>(null);
  const form = useForm<ContactFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_CONTACT,
    // Only the server can still refuse (say, an overlong value); its message keys are translated here.
    enhanceGetInputProps: ({ inputProps }) =>
      inputProps.error ? { error: translateMessage(t, String(inputProps.error)) } : undefined,
  });

  const adopt = (saved: ContactDto) => {
    form.setInitialValues(valuesOf(saved));
    form.setValues(valuesOf(saved));
    form.resetDirty(valuesOf(saved));
    setBase(saved);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts from the contact each time the dialog opens
  useEffect(() => {
    if (opened && contact) adopt(contact);
  }, [opened, contact?.id]);

  const close = () => {
    form.reset();
    setBase(null);
    onClose();
  };

  const fail = async (error: unknown) => {
    if (error instanceof ApiError && error.code === 'CONFLICT' && base) {
      if (await questions.wantsNewerVersion()) adopt(await fetchNewerContact(queryClient, base.id));
    } else if (!applyServerFieldErrors(form, error)) notifyError(error);
  };

  const nameOf = (saved: ContactDto) => saved.displayName || t('contacts.unnamed');

  const save = async () => {
    try {
      if (base) {
        const changes = changedValues(valuesOf(base), form.getValues());
        if (Object.keys(changes).length > 0) {
          const saved = await updateContact.mutateAsync({ id: base.id, version: base.version, changes });
          notifySuccess(t('editContact.saved', { name: nameOf(saved) }));
        }
      } else {
        const created = await createContact.mutateAsync({ customerId: customer.id, ...form.getValues() });
        notifySuccess(t('addContact.created'));
        onCreated?.(created);
      }
      close();
    } catch (error) {
      await fail(error);
    }
  };

  const remove = async () => {
    if (!base) return;
    try {
      const removed = await archiveContact.mutateAsync(base);
      notifySuccess(t('editContact.removed', { name: nameOf(removed) }));
      close();
    } catch (error) {
      await fail(error);
    }
  };

  return (
    <AppDialog
      opened={opened}
      onClose={contact ? () => void questions.closeUnlessKept(form.isDirty(), close) : close}
      title={contact ? t('editContact.title', { name: nameOf(contact) }) : t('addContact.title')}
      size="md"
      onSave={save}
      onDelete={contact ? remove : undefined}
      deleteConfirmMessage={
        contact
          ? t('editContact.removeMessage', { name: nameOf(contact), customer: customer.name })
          : undefined
      }
      saving={createContact.isPending || updateContact.isPending}
      busy={archiveContact.isPending}
    >
      <Stack gap="sm">
        <TextInput label={t('addContact.customer')} value={customer.name} readOnly variant="filled" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput label={t('addContact.firstName')} data-autofocus {...form.getInputProps('firstName')} />
          <TextInput label={t('addContact.lastName')} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label={t('addContact.mobile')} type="tel" {...form.getInputProps('phoneNumberMobile')} />
        <TextInput label={t('addContact.email')} type="email" {...form.getInputProps('email')} />
      </Stack>
    </AppDialog>
  );
};
