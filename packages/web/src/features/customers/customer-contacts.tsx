import type { ContactDto, CustomerDto } from '@karm/domain/contract';
import { ActionIcon, Alert, Button, Group, Loader, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddContactDialog, errorMessageOf } from '@/components';
import { useContacts } from '@/lib/api/customers';
import { useCan } from '@/lib/permissions';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * A customer's contacts (SPEC §3 contact list items), with the add-contact dialog, which also edits
 * one — for whoever may change customers; everyone else reads the list.
 */
export const CustomerContacts = ({ customer }: { customer: Pick<CustomerDto, 'id' | 'name'> }) => {
  const { t } = useTranslation('customers');
  const contacts = useContacts(customer.id);
  const mayChange = useCan('customers.write');
  const [isAdding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ContactDto | null>(null);

  return (
    <section aria-labelledby={`contacts-${customer.id}`}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id={`contacts-${customer.id}`}>
          {t('contacts.title')}
        </Title>
        {mayChange && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUserPlus size={16} />}
            onClick={() => setAdding(true)}
          >
            {t('contacts.add')}
          </Button>
        )}
      </Group>
      {contacts.isPending ? (
        <Loader size="sm" />
      ) : contacts.isError ? (
        <Alert color="red" variant="light" title={t('contacts.loadFailed')}>
          {errorMessageOf(contacts.error)}
        </Alert>
      ) : contacts.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('contacts.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('contacts.name')}</Table.Th>
                <Table.Th>{t('contacts.mobile')}</Table.Th>
                <Table.Th>{t('contacts.email')}</Table.Th>
                {mayChange && (
                  <Table.Th w={40}>
                    <VisuallyHidden>{t('contacts.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contacts.data.map((contact) => (
                <Table.Tr key={contact.id}>
                  {/* In the narrow panel the long e-mail wraps, not the name or the number. */}
                  <Table.Td style={NO_WRAP}>{contact.displayName || t('contacts.unnamed')}</Table.Td>
                  <Table.Td style={NO_WRAP}>{contact.phoneNumberMobile || contact.phoneNumber}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{contact.email}</Table.Td>
                  {mayChange && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('editContact.action', {
                          name: contact.displayName || t('contacts.unnamed'),
                        })}
                        onClick={() => setEditing(contact)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {mayChange && (
        <AddContactDialog
          opened={isAdding || editing !== null}
          onClose={() => {
            setAdding(false);
            setEditing(null);
          }}
          customer={{ id: customer.id, name: customer.name }}
          contact={editing}
        />
      )}
    </section>
  );
};
