import { afterEach, describe, expect, it } from 'vitest';
import { startTripletexHarness, type TripletexHarness } from '../../../test/fake-tripletex/harness';
import { type AccountingContactFields, AccountingError } from '../port';

let h: TripletexHarness;

afterEach(async () => {
  await h.close();
});

describe('Tripletex employees, categories and departments', () => {
  it('maps employees with department, category, birth date and employment start', async () => {
    h = await startTripletexHarness();
    const department = h.fake.state.seedDepartment({ name: 'Montasje', departmentNumber: '20' });
    const category = h.fake.state.seedCategory({ name: 'Montør', number: '3' });
    const fitter = h.fake.state.seedEmployee({
      firstName: 'Per',
      lastName: 'Hansen',
      employeeNumber: '117',
      email: 'per@dorfabrikken.no',
      phoneNumberMobile: '90000000',
      dateOfBirth: '1980-05-17',
      departmentId: department.id,
      categoryId: category.id,
      employments: [{ startDate: '2019-08-01' }],
    });
    const bare = h.fake.state.seedEmployee({ firstName: 'Lise', lastName: 'Lærling' });
    const page = await h.adapter.listEmployees({ from: 0, count: 10 });
    expect(page.isLast).toBe(true);
    expect(page.items).toEqual([
      {
        externalId: String(fitter.id),
        version: 0,
        firstName: 'Per',
        lastName: 'Hansen',
        displayName: 'Per Hansen',
        employeeNumber: '117',
        email: 'per@dorfabrikken.no',
        phoneNumberMobile: '90000000',
        dateOfBirth: '1980-05-17',
        employmentStartDate: '2019-08-01',
        departmentExternalId: String(department.id),
        categoryExternalId: String(category.id),
      },
      {
        externalId: String(bare.id),
        version: 0,
        firstName: 'Lise',
        lastName: 'Lærling',
        displayName: 'Lise Lærling',
        employeeNumber: '',
        email: '',
        phoneNumberMobile: '',
        dateOfBirth: null,
        employmentStartDate: null,
        departmentExternalId: null,
        categoryExternalId: null,
      },
    ]);
  });

  it('lists every employee category across pages', async () => {
    h = await startTripletexHarness();
    const seeded = [
      h.fake.state.seedCategory({ name: 'Montør', number: '1' }),
      h.fake.state.seedCategory({ name: 'Selger' }),
    ];
    await expect(h.adapter.listEmployeeCategories()).resolves.toEqual([
      { externalId: String(seeded[0].id), name: 'Montør', number: '1' },
      { externalId: String(seeded[1].id), name: 'Selger', number: '' },
    ]);
  });

  it('pages departments', async () => {
    h = await startTripletexHarness();
    const first = h.fake.state.seedDepartment({ name: 'Salg', departmentNumber: '10' });
    h.fake.state.seedDepartment({ name: 'Service', isInactive: true });
    const page = await h.adapter.listDepartments({ from: 0, count: 1 });
    expect(page).toEqual({
      items: [
        { externalId: String(first.id), version: 0, name: 'Salg', departmentNumber: '10', isInactive: false },
      ],
      isLast: false,
    });
    const last = await h.adapter.listDepartments({ from: 1, count: 1 });
    expect(last.items[0]).toMatchObject({ name: 'Service', isInactive: true });
    expect((await h.adapter.listDepartments({ from: 2, count: 1 })).isLast).toBe(true);
  });
});

describe('Tripletex contacts', () => {
  const contact = (customerExternalId: string | null, overrides: Partial<AccountingContactFields> = {}) => ({
    customerExternalId,
    firstName: 'Kari',
    lastName: 'Nordmann',
    email: 'kari@kunde.no',
    phoneNumberMobile: '',
    phoneNumberWork: '',
    isInactive: false,
    ...overrides,
  });

  it('creates a contact with its customer reference and lists it', async () => {
    h = await startTripletexHarness();
    const customer = h.fake.state.seedCustomer();
    const created = await h.adapter.createContact(contact(String(customer.id)));
    expect(h.requestsTo('/contact', 'POST')[0].body).toMatchObject({ customer: { id: customer.id } });
    expect(created).toMatchObject({
      customerExternalId: String(customer.id),
      email: 'kari@kunde.no',
      version: 0,
    });
    const page = await h.adapter.listContacts({ from: 0, count: 5 });
    expect(page).toEqual({ items: [created], isLast: true });
  });

  it('finds a contact by e-mail, or by exact name when there is none', async () => {
    h = await startTripletexHarness();
    const customer = h.fake.state.seedCustomer();
    const other = h.fake.state.seedCustomer();
    h.fake.state.seedContact({
      customerId: other.id,
      firstName: 'Kari',
      lastName: 'Nordmann',
      email: 'kari@kunde.no',
    });
    h.fake.state.seedContact({ customerId: customer.id, firstName: 'Karianne', lastName: 'Nordmann' });
    const kari = h.fake.state.seedContact({
      customerId: customer.id,
      firstName: 'Kari',
      lastName: 'Nordmann',
    });
    const withEmail = h.fake.state.seedContact({
      customerId: customer.id,
      firstName: 'Ola',
      email: 'ola@kunde.no',
    });
    const customerId = String(customer.id);

    const byEmail = await h.adapter.findContact(customerId, {
      email: 'OLA@kunde.no',
      firstName: '',
      lastName: '',
    });
    expect(byEmail?.externalId).toBe(String(withEmail.id));
    expect(h.requestsTo('/contact').at(-1)?.query).toMatchObject({ customerId, email: 'OLA@kunde.no' });

    const byName = await h.adapter.findContact(customerId, {
      email: '',
      firstName: 'Kari',
      lastName: 'Nordmann',
    });
    expect(byName?.externalId).toBe(String(kari.id));
    expect(h.requestsTo('/contact').at(-1)?.query).toMatchObject({
      customerId,
      firstName: 'Kari',
      lastName: 'Nordmann',
    });

    await expect(
      h.adapter.findContact(customerId, { email: 'kari@kunde.no', firstName: 'Kari', lastName: 'Nordmann' }),
    ).resolves.toBeNull();
  });

  it('refuses a contact for an unknown customer as validation', async () => {
    h = await startTripletexHarness();
    const error = await h.adapter.createContact(contact('424242')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountingError);
    expect(error).toMatchObject({
      kind: 'validation',
      details: { fields: { customer: 'No such customer' } },
    });
  });
});
