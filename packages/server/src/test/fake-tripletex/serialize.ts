import type {
  FakeAddress,
  FakeCategory,
  FakeContact,
  FakeCustomer,
  FakeDepartment,
  FakeEmployee,
  FakeState,
} from './fake-state';

/** Records as Tripletex sends them: with `url`s, references as `{id, url}`, no fake-only fields. */
const ref = (baseUrl: string, kind: string, id: number | null) =>
  id === null ? null : { id, url: `${baseUrl}/${kind}/${id}` };

const addressJson = (baseUrl: string, address: FakeAddress) => ({
  ...address,
  url: `${baseUrl}/address/${address.id}`,
  country: { ...address.country, url: `${baseUrl}/country/${address.country.id}` },
});

export const customerJson = (baseUrl: string, customer: FakeCustomer) => {
  const { changedAt: _changedAt, ...fields } = customer;
  return {
    ...fields,
    url: `${baseUrl}/customer/${customer.id}`,
    isCustomer: true,
    displayName: customer.customerNumber ? `${customer.name} (${customer.customerNumber})` : customer.name,
    postalAddress: addressJson(baseUrl, customer.postalAddress),
    physicalAddress: addressJson(baseUrl, customer.physicalAddress),
    deliveryAddress: addressJson(baseUrl, customer.deliveryAddress),
  };
};

export const contactJson = (baseUrl: string, contact: FakeContact) => ({
  id: contact.id,
  version: contact.version,
  url: `${baseUrl}/contact/${contact.id}`,
  firstName: contact.firstName,
  lastName: contact.lastName,
  displayName: `${contact.firstName} ${contact.lastName}`.trim(),
  email: contact.email,
  phoneNumberMobile: contact.phoneNumberMobile,
  phoneNumberWork: contact.phoneNumberWork,
  isInactive: contact.isInactive,
  customer: ref(baseUrl, 'customer', contact.customerId),
  department: ref(baseUrl, 'department', contact.departmentId),
});

export const categoryJson = (baseUrl: string, category: FakeCategory) => ({
  id: category.id,
  version: category.version,
  url: `${baseUrl}/employee/category/${category.id}`,
  name: category.name,
  number: category.number,
  description: category.description,
});

export const employeeJson = (baseUrl: string, state: FakeState, employee: FakeEmployee) => {
  const category = employee.categoryId === null ? undefined : state.categories.get(employee.categoryId);
  return {
    id: employee.id,
    version: employee.version,
    url: `${baseUrl}/employee/${employee.id}`,
    firstName: employee.firstName,
    lastName: employee.lastName,
    displayName: `${employee.firstName} ${employee.lastName}`.trim(),
    employeeNumber: employee.employeeNumber,
    email: employee.email,
    phoneNumberMobile: employee.phoneNumberMobile,
    phoneNumberWork: employee.phoneNumberWork,
    dateOfBirth: employee.dateOfBirth,
    userType: 'STANDARD',
    isContact: false,
    department: ref(baseUrl, 'department', employee.departmentId),
    employeeCategory: category ? categoryJson(baseUrl, category) : null,
    employments: employee.employments.map((e) => ({ ...e, url: `${baseUrl}/employee/employment/${e.id}` })),
  };
};

export const departmentJson = (baseUrl: string, department: FakeDepartment) => ({
  id: department.id,
  version: department.version,
  url: `${baseUrl}/department/${department.id}`,
  name: department.name,
  departmentNumber: department.departmentNumber,
  isInactive: department.isInactive,
  departmentManager: null,
});
