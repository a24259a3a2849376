import {
  type ContactDto,
  CUSTOMER_PUSHES,
  type CustomerDto,
  type SocketEventInput,
} from '@karm/domain/contract';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush, request } from '@/lib/socket';
import { newer, replaceInPages } from './cache';

/**
 * Customer and contact data (SPEC §3, §7). Shared by every feature that picks or shows a customer,
 * so it lives in lib rather than in one feature. Lists are kept fresh by the server's pushes
 * (DESIGN rule 7): `useCustomerPushes` must run on screens that show them.
 */

export type CustomersQuery = SocketEventInput<'customer:get'>;
export type CustomerCreateInput = SocketEventInput<'customer:create'>;
export type CustomerUpdateInput = SocketEventInput<'customer:update'>;
export type ContactCreateInput = SocketEventInput<'contact:create'>;
export type ContactUpdateInput = SocketEventInput<'contact:update'>;
type Versioned = { id: string; version: number };

/** A four-digit Norwegian postal code is worth looking up; anything else is not yet. */
export const POSTAL_CODE_PATTERN = /^\d{4}$/;

export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (query: CustomersQuery) => [...customerKeys.lists(), query] as const,
  detail: (id: string) => [...customerKeys.all, 'detail', id] as const,
  contacts: (customerId: string) => [...customerKeys.all, 'contacts', customerId] as const,
  related: (customerId: string) => [...customerKeys.all, 'related', customerId] as const,
  postalPlace: (postalCode: string) => ['postal-place', postalCode] as const,
};

// --- fetchers -------------------------------------------------------------------------------

export const getCustomers = (query: CustomersQuery) => request('customer:get', query);
export const getCustomer = (id: string) => request('customer:get-one', { id });
export const getContacts = (customerId: string) => request('contacts:get', { customerId });
export const getContact = (id: string) => request('contact:get', { id });
export const getPostalPlace = (postalCode: string) => request('admin:postaladdress', { postalCode });
export const createCustomer = (input: CustomerCreateInput) => request('customer:create', input);
export const updateCustomer = (input: CustomerUpdateInput) => request('customer:update', input);
export const archiveCustomer = (customer: Versioned, reason: string) =>
  request('customer:archive', { id: customer.id, version: customer.version, reason });
export const unarchiveCustomer = (customer: Versioned) =>
  request('customer:unarchive', { id: customer.id, version: customer.version });
export const getCustomerRelated = (id: string) => request('customer:related', { id });
export const createContact = (input: ContactCreateInput) => request('contact:create', input);
export const updateContact = (input: ContactUpdateInput) => request('contact:update', input);
export const archiveContact = (contact: Versioned) =>
  request('contact:archive', { id: contact.id, version: contact.version });

// --- query options --------------------------------------------------------------------------

export const customersQueryOptions = (query: CustomersQuery) =>
  queryOptions({
    queryKey: customerKeys.list(query),
    queryFn: () => getCustomers(query),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export const customerQueryOptions = (id: string) =>
  queryOptions({ queryKey: customerKeys.detail(id), queryFn: () => getCustomer(id) });

export const contactsQueryOptions = (customerId: string) =>
  queryOptions({ queryKey: customerKeys.contacts(customerId), queryFn: () => getContacts(customerId) });

/** The customer's inquiries, offers and projects; read when its panel opens or regains focus. */
export const customerRelatedQueryOptions = (customerId: string) =>
  queryOptions({ queryKey: customerKeys.related(customerId), queryFn: () => getCustomerRelated(customerId) });

export const postalPlaceQueryOptions = (postalCode: string) =>
  queryOptions({
    queryKey: customerKeys.postalPlace(postalCode),
    queryFn: () => getPostalPlace(postalCode),
    // An unknown code is an answer, not a hiccup: asking again will not change it.
    retry: false,
  });

// --- queries --------------------------------------------------------------------------------

export const useCustomers = (query: CustomersQuery, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...customersQueryOptions(query), enabled });

export const useCustomer = (id: string | null | undefined) =>
  useQuery({ ...customerQueryOptions(id ?? ''), enabled: Boolean(id) });

export const useContacts = (customerId: string | null | undefined) =>
  useQuery({ ...contactsQueryOptions(customerId ?? ''), enabled: Boolean(customerId) });

export const useCustomerRelated = (customerId: string) => useQuery(customerRelatedQueryOptions(customerId));

/** The place of a postal code; asks only once the code has four digits. */
export const usePostalPlace = (postalCode: string) => {
  const code = postalCode.trim();
  return useQuery({ ...postalPlaceQueryOptions(code), enabled: POSTAL_CODE_PATTERN.test(code) });
};

/**
 * Fills a form's city from a post code as it is typed. `typed` is the field's new value; the city is
 * set only when the code is still in the field as the answer comes (`currentCode`), since the person
 * may have typed on. An unknown code leaves the city to the person.
 */
export const useCityFromPostalCode = () => {
  const queryClient = useQueryClient();
  return async (typed: string, currentCode: () => string, setCity: (city: string) => void) => {
    const code = typed.trim();
    if (!POSTAL_CODE_PATTERN.test(code)) return;
    try {
      const place = await queryClient.fetchQuery(postalPlaceQueryOptions(code));
      if (currentCode().trim() === code) setCity(place.city);
    } catch {
      // Unknown: nothing to fill (the customer form shows a hint under the field from usePostalPlace).
    }
  };
};

// --- cache updates --------------------------------------------------------------------------

/**
 * Seeds the detail cache with a customer already at hand (a clicked row, a search hit), so its
 * details show at once; a newer cached copy wins.
 */
export const primeCustomer = (queryClient: QueryClient, customer: CustomerDto) =>
  queryClient.setQueryData(customerQueryOptions(customer.id).queryKey, (current) => newer(current, customer));

/** Puts a created or changed customer into the caches; lists are refetched (search and order are the server's). */
export const storeCustomer = (queryClient: QueryClient, customer: CustomerDto) => {
  primeCustomer(queryClient, customer);
  replaceInPages(queryClient, customerKeys.lists(), customer);
  return queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
};

/**
 * Adds or replaces a contact in its customer's contact list, then refetches that list (which leaves
 * out removed contacts).
 */
export const storeContact = (queryClient: QueryClient, contact: ContactDto) => {
  const { queryKey } = contactsQueryOptions(contact.customerId);
  queryClient.setQueryData(queryKey, (contacts) => {
    if (!contacts) return contacts;
    return contacts.some((item) => item.id === contact.id)
      ? contacts.map((item) => (item.id === contact.id ? newer(item, contact) : item))
      : [...contacts, contact];
  });
  return queryClient.invalidateQueries({ queryKey });
};

/** The customer as the server has it now (a save hit a newer version), stored in the caches. */
export const fetchNewerCustomer = async (queryClient: QueryClient, id: string) => {
  const customer = await queryClient.fetchQuery({ ...customerQueryOptions(id), staleTime: 0 });
  void storeCustomer(queryClient, customer);
  return customer;
};

/** The contact as the server has it now (a save hit a newer version), stored in the caches. */
export const fetchNewerContact = async (queryClient: QueryClient, id: string) => {
  const contact = await getContact(id);
  void storeContact(queryClient, contact);
  return contact;
};

// --- mutations ------------------------------------------------------------------------------

const useCustomerMutation = <Input>(mutationFn: (input: Input) => Promise<CustomerDto>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (customer) => void storeCustomer(queryClient, customer) });
};

export const useCreateCustomer = () => useCustomerMutation(createCustomer);

export const useUpdateCustomer = () => useCustomerMutation(updateCustomer);

export const useArchiveCustomer = () =>
  useCustomerMutation(({ customer, reason }: { customer: Versioned; reason: string }) =>
    archiveCustomer(customer, reason),
  );

export const useUnarchiveCustomer = () => useCustomerMutation(unarchiveCustomer);

const useContactMutation = <Input>(mutationFn: (input: Input) => Promise<ContactDto>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (contact) => void storeContact(queryClient, contact) });
};

export const useCreateContact = () => useContactMutation(createContact);
export const useUpdateContact = () => useContactMutation(updateContact);
export const useArchiveContact = () => useContactMutation(archiveContact);

// --- pushes ---------------------------------------------------------------------------------

/** Keeps customer and contact caches in step with changes made in other browsers (DESIGN rule 7). */
export const useCustomerPushes = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      onPush<CustomerDto>(CUSTOMER_PUSHES.customerChanged, (customer) => {
        void storeCustomer(queryClient, customer);
      }),
      onPush<ContactDto>(CUSTOMER_PUSHES.contactChanged, (contact) => {
        void storeContact(queryClient, contact);
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
};
