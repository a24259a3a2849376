import {
  FAKE_VAT_TYPES,
  type FakeInvoice,
  type FakeOrder,
  type FakeOrderLine,
  type FakeProject,
  lineAmountExcludingVat,
  lineAmountIncludingVat,
} from './fake-sales-state';
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

/** The fake keeps øre; Tripletex speaks NOK with decimals. */
const nok = (ore: number) => ore / 100;

export const projectJson = (baseUrl: string, project: FakeProject) => ({
  id: project.id,
  version: project.version,
  url: `${baseUrl}/project/${project.id}`,
  name: project.name,
  number: project.number,
  displayName: `${project.number} ${project.name}`,
  description: project.description,
  projectManager: ref(baseUrl, 'employee', project.projectManagerId),
  department: ref(baseUrl, 'department', project.departmentId),
  customer: ref(baseUrl, 'customer', project.customerId),
  startDate: project.startDate,
  endDate: project.endDate,
  isClosed: project.isClosed,
  isInternal: project.isInternal,
  isFixedPrice: project.isFixedPrice,
  reference: project.reference,
});

const vatTypeJson = (baseUrl: string, id: number) => ({
  ...ref(baseUrl, 'ledger/vatType', id),
  percentage: FAKE_VAT_TYPES.get(id)?.percentage ?? 0,
});

export const orderLineJson = (baseUrl: string, order: FakeOrder, line: FakeOrderLine) => {
  const excluding = lineAmountExcludingVat(line);
  const percentage = FAKE_VAT_TYPES.get(line.vatTypeId)?.percentage ?? 0;
  return {
    id: line.id,
    version: line.version,
    url: `${baseUrl}/order/orderline/${line.id}`,
    order: ref(baseUrl, 'order', order.id),
    product: null,
    description: line.description,
    count: line.count,
    unitCostCurrency: nok(line.unitCost),
    unitPriceExcludingVatCurrency: nok(line.unitPriceExcludingVat),
    unitPriceIncludingVatCurrency: nok(Math.round((line.unitPriceExcludingVat * (100 + percentage)) / 100)),
    discount: line.discount,
    vatType: vatTypeJson(baseUrl, line.vatTypeId),
    amountExcludingVatCurrency: nok(excluding),
    amountIncludingVatCurrency: nok(lineAmountIncludingVat(line)),
  };
};

export const orderJson = (baseUrl: string, order: FakeOrder) => ({
  id: order.id,
  version: order.version,
  url: `${baseUrl}/order/${order.id}`,
  number: order.number,
  customer: ref(baseUrl, 'customer', order.customerId),
  contact: ref(baseUrl, 'contact', order.contactId),
  project: ref(baseUrl, 'project', order.projectId),
  department: ref(baseUrl, 'department', order.departmentId),
  orderDate: order.orderDate,
  deliveryDate: order.deliveryDate,
  reference: order.reference,
  invoiceComment: order.invoiceComment,
  isPrioritizeAmountsIncludingVat: order.isPrioritizeAmountsIncludingVat,
  isClosed: order.isClosed,
  orderLines: order.lines.map((line) => orderLineJson(baseUrl, order, line)),
});

export const invoiceJson = (baseUrl: string, invoice: FakeInvoice) => ({
  id: invoice.id,
  version: invoice.version,
  url: `${baseUrl}/invoice/${invoice.id}`,
  invoiceNumber: invoice.invoiceNumber,
  invoiceDate: invoice.invoiceDate,
  invoiceDueDate: invoice.invoiceDueDate,
  customer: ref(baseUrl, 'customer', invoice.customerId),
  orders: invoice.orderIds.map((id) => ref(baseUrl, 'order', id)),
  kid: '',
  amount: nok(invoice.amount),
  amountCurrency: nok(invoice.amount),
  amountExcludingVat: nok(invoice.amountExcludingVat),
  amountExcludingVatCurrency: nok(invoice.amountExcludingVat),
  amountOutstanding: nok(invoice.amountOutstanding),
  isCreditNote: invoice.isCreditNote,
  isCharged: invoice.isCharged,
});
