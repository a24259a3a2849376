import { AccountingError, type AccountingPort } from './port';

const NOT_CONNECTED = 'No accounting system is configured';

/**
 * The default: Karm's own database is the master for customers, contacts, employees, projects, orders
 * and invoices. Lists are empty and look-ups find nothing, so a sync finds nothing; every write is
 * refused, and nothing is ever pushed (the sync engine does not queue work for this adapter).
 */
export const createNoneAdapter = (): AccountingPort => {
  const empty = async () => ({ items: [], isLast: true });
  const refuse = async (): Promise<never> => {
    throw new AccountingError('auth', NOT_CONNECTED);
  };
  return {
    kind: 'none',
    testConnection: refuse,
    listCustomers: empty,
    getCustomer: refuse,
    findCustomerByNumber: async () => null,
    createCustomer: refuse,
    updateCustomer: refuse,
    listContacts: empty,
    findContact: async () => null,
    createContact: refuse,
    updateContact: refuse,
    listEmployees: empty,
    listEmployeeCategories: async () => [],
    listDepartments: empty,
    listProducts: empty,
    listProjects: empty,
    getProject: refuse,
    findProjectByNumber: async () => null,
    createProject: refuse,
    updateProject: refuse,
    createOrder: refuse,
    getOrder: refuse,
    listOrders: empty,
    attachToOrder: refuse,
    listOrderAttachments: refuse,
    invoiceOrder: refuse,
    createCreditNote: refuse,
    listInvoices: empty,
    getInvoice: refuse,
    close: async () => {},
  };
};
