import type { ContactDto } from '@karm/domain/contract';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useCreateContact } from '@/lib/api/customers';
import { applyServerFieldErrors, translateMessage } from '@/lib/forms';
import { AppDialog } from '../app-dialog/app-dialog';
import { notifyError, notifySuccess } from '../notify/notify';

export type AddContactDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The customer the contact belongs to; shown read-only. */
  customer: { id: string; name: string };
  /** Called with the saved contact, before the dialog closes. */
  onCreated?: (contact: ContactDto) => void;
};

type ContactFormValues = { firstName: string; lastName: string; phoneNumberMobile: string; email: string };

const EMPTY_CONTACT: ContactFormValues = { firstName: '', lastName: '', phoneNumberMobile: '', email: '' };

/**
 * SPEC §2 "add contact": title Add Contact, the customer read-only, first name, last name, mobile and
 * e-mail, and a Save button only. SPEC §5: the dialog does not validate; whatever is typed is sent.
 */
export const AddContactDialog = ({ opened, onClose, customer, onCreated }: AddContactDialogProps) => {
  const { t } = useTranslation('customers');
  const createContact = useCreateContact();
  const form = useForm<ContactFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_CONTACT,
    // Only the server can still refuse (say, an overlong value); its message keys are translated here.
    enhanceGetInputProps: ({ inputProps }) =>
      inputProps.error ? { error: translateMessage(t, String(inputProps.error)) } : undefined,
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const save = async () => {
    try {
      const contact = await createContact.mutateAsync({ customerId: customer.id, ...form.getValues() });
      notifySuccess(t('addContact.created'));
      onCreated?.(contact);
      close();
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    }
  };

  return (
    <AppDialog
      opened={opened}
      onClose={close}
      title={t('addContact.title')}
      size="md"
      onSave={save}
      saving={createContact.isPending}
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
