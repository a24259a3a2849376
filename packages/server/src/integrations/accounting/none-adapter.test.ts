import { describe, expect, it } from 'vitest';
import { createNoneAdapter } from './none-adapter';
import { AccountingError } from './port';

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccountingError);
  expect(error).toMatchObject({ kind: 'auth', message: 'No accounting system is configured' });
};

describe('the none adapter', () => {
  const port = createNoneAdapter();
  const empty = { items: [], isLast: true };
  const paging = { from: 0, count: 100 };

  it('lists nothing and finds nothing', async () => {
    expect(port.kind).toBe('none');
    await expect(port.listCustomers(paging)).resolves.toEqual(empty);
    await expect(port.listContacts(paging)).resolves.toEqual(empty);
    await expect(port.listEmployees(paging)).resolves.toEqual(empty);
    await expect(port.listEmployeeCategories()).resolves.toEqual([]);
    await expect(port.listDepartments(paging)).resolves.toEqual(empty);
    await expect(port.listProjects({ ...paging, isClosed: false })).resolves.toEqual(empty);
    await expect(
      port.listOrders({ ...paging, orderDateFrom: '2025-01-01', orderDateTo: '2026-01-01' }),
    ).resolves.toEqual(empty);
    await expect(
      port.listInvoices({ ...paging, invoiceDateFrom: '2025-01-01', invoiceDateTo: '2026-01-01' }),
    ).resolves.toEqual(empty);
    await expect(port.findCustomerByNumber(10_001)).resolves.toBeNull();
    await expect(
      port.findContact('1', { email: 'a@b.no', firstName: 'A', lastName: 'B' }),
    ).resolves.toBeNull();
    await expect(port.findProjectByNumber('1')).resolves.toBeNull();
    await expect(port.close()).resolves.toBeUndefined();
  });

  it('refuses every read of one record and every write as not configured', async () => {
    await refusal(port.testConnection());
    await refusal(port.getCustomer('1'));
    await refusal(port.getProject('1'));
    await refusal(port.getOrder('1'));
    await refusal(port.getInvoice('1'));
    await refusal(
      port.createProject({
        name: 'Ny dør',
        number: null,
        projectManagerExternalId: '1',
        customerExternalId: null,
        departmentExternalId: null,
        startDate: '2025-03-10',
        endDate: null,
        isClosed: false,
        isInternal: false,
        description: '',
      }),
    );
    await refusal(port.updateProject('1', 0, { name: 'Endret' }));
    await refusal(
      port.createOrder({
        customerExternalId: '1',
        projectExternalId: null,
        orderDate: '2025-03-10',
        deliveryDate: '2025-03-10',
        reference: '',
        invoiceComment: '',
        lines: [],
      }),
    );
    await refusal(
      port.attachToOrder('1', {
        fileName: 'ordre.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.from('%PDF'),
      }),
    );
    await refusal(port.listOrderAttachments('1'));
    await refusal(port.invoiceOrder('1', { invoiceDate: '2025-03-10', sendToCustomer: false }));
  });
});
