import {
  FAKE_PAYMENT_TYPES,
  FAKE_VAT_TYPES,
  type FakeDocument,
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
  FakeProduct,
  FakeState,
} from './fake-state';
import { FAKE_PRODUCT_UNITS } from './fake-state';
import { expandable } from './openapi';

/** What serializing needs: the `url` root, and the state to expand references from. */
export type SerializeContext = { baseUrl: string; state: FakeState };

/**
 * Records as Tripletex sends them with `fields=*` and every inside asked for: with `url`s and no
 * fake-only fields. References are `{id, url}` that expand to the record when `fields=` asks into
 * them (openapi.ts `project` then leaves out what was not asked, and every missing value).
 */
const ref = (
  baseUrl: string,
  kind: string,
  id: number | null,
  expand?: (id: number) => Record<string, unknown> | undefined,
) =>
  id === null ? undefined : expandable({ id, url: `${baseUrl}/${kind}/${id}` }, expand && (() => expand(id)));

const addressJson = (baseUrl: string, address: FakeAddress) => ({
  ...address,
  url: `${baseUrl}/address/${address.id}`,
  country: { ...address.country, url: `${baseUrl}/country/${address.country.id}` },
});

export const customerJson = ({ baseUrl }: SerializeContext, customer: FakeCustomer) => {
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

export const contactJson = (ctx: SerializeContext, contact: FakeContact) => {
  const { baseUrl } = ctx;
  return {
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
    customer: ref(baseUrl, 'customer', contact.customerId, customerById(ctx)),
    department: ref(baseUrl, 'department', contact.departmentId, departmentById(ctx)),
  };
};

export const categoryJson = ({ baseUrl }: SerializeContext, category: FakeCategory) => ({
  id: category.id,
  version: category.version,
  url: `${baseUrl}/employee/category/${category.id}`,
  name: category.name,
  number: category.number,
  description: category.description,
});

export const employeeJson = (ctx: SerializeContext, employee: FakeEmployee) => {
  const { baseUrl, state } = ctx;
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
    department: ref(baseUrl, 'department', employee.departmentId, departmentById(ctx)),
    employeeCategory: category ? categoryJson(ctx, category) : undefined,
    employments: employee.employments.map((e) => ({ ...e, url: `${baseUrl}/employee/employment/${e.id}` })),
  };
};

export const departmentJson = ({ baseUrl }: SerializeContext, department: FakeDepartment) => ({
  id: department.id,
  version: department.version,
  url: `${baseUrl}/department/${department.id}`,
  name: department.name,
  departmentNumber: department.departmentNumber,
  isInactive: department.isInactive,
});

/** The fake keeps øre; Tripletex speaks NOK with decimals. */
const nok = (ore: number) => ore / 100;

export const productJson = ({ baseUrl }: SerializeContext, product: FakeProduct) => ({
  id: product.id,
  version: product.version,
  url: `${baseUrl}/product/${product.id}`,
  name: product.name,
  number: product.number,
  displayNumber: product.number,
  displayName: product.number ? `${product.number} ${product.name}` : product.name,
  priceExcludingVatCurrency: nok(product.priceExcludingVat),
  costExcludingVatCurrency: nok(product.costExcludingVat),
  vatType: vatTypeJson(baseUrl, product.vatTypeId),
  isInactive: product.isInactive,
  isStockItem: product.isStockItem,
  productUnit:
    product.productUnitId === null
      ? undefined
      : expandable(
          { id: product.productUnitId, url: `${baseUrl}/product/unit/${product.productUnitId}` },
          () => ({
            id: product.productUnitId,
            url: `${baseUrl}/product/unit/${product.productUnitId}`,
            name: FAKE_PRODUCT_UNITS.get(product.productUnitId ?? 0)?.name ?? '',
          }),
        ),
});

export const projectJson = (ctx: SerializeContext, project: FakeProject) => {
  const { baseUrl } = ctx;
  return {
    id: project.id,
    version: project.version,
    url: `${baseUrl}/project/${project.id}`,
    name: project.name,
    number: project.number,
    displayName: `${project.number} ${project.name}`,
    description: project.description,
    projectManager: ref(baseUrl, 'employee', project.projectManagerId, employeeById(ctx)),
    department: ref(baseUrl, 'department', project.departmentId, departmentById(ctx)),
    customer: ref(baseUrl, 'customer', project.customerId, customerById(ctx)),
    startDate: project.startDate,
    endDate: project.endDate,
    isClosed: project.isClosed,
    isInternal: project.isInternal,
    isFixedPrice: project.isFixedPrice,
    reference: project.reference,
  };
};

const vatTypeJson = (baseUrl: string, id: number) => {
  const vatType = FAKE_VAT_TYPES.get(id);
  return expandable({ id, url: `${baseUrl}/ledger/vatType/${id}` }, () => ({
    id,
    url: `${baseUrl}/ledger/vatType/${id}`,
    name: vatType?.name,
    percentage: vatType?.percentage ?? 0,
  }));
};

export const orderLineJson = (ctx: SerializeContext, order: FakeOrder, line: FakeOrderLine) => {
  const { baseUrl } = ctx;
  const excluding = lineAmountExcludingVat(line);
  const percentage = FAKE_VAT_TYPES.get(line.vatTypeId)?.percentage ?? 0;
  return {
    id: line.id,
    version: line.version,
    url: `${baseUrl}/order/orderline/${line.id}`,
    order: ref(baseUrl, 'order', order.id, orderById(ctx)),
    description: line.description,
    count: line.count,
    unitCostCurrency: nok(line.unitCost),
    unitPriceExcludingVatCurrency: nok(line.unitPriceExcludingVat),
    unitPriceIncludingVatCurrency: nok(
      line.unitPriceIncludingVat ?? Math.round((line.unitPriceExcludingVat * (100 + percentage)) / 100),
    ),
    discount: line.discount,
    vatType: vatTypeJson(baseUrl, line.vatTypeId),
    amountExcludingVatCurrency: nok(excluding),
    amountIncludingVatCurrency: nok(lineAmountIncludingVat(line)),
  };
};

/** A document as an order's `attachment` lists it (Tripletex's `Document`). */
export const documentJson = ({ baseUrl }: SerializeContext, document: FakeDocument) => ({
  id: document.id,
  version: document.version,
  url: `${baseUrl}/document/${document.id}`,
  fileName: document.fileName,
  size: document.bytes.length,
  mimeType: document.mimeType,
});

/** The document as `/order/{id}/:attach` answers it (Tripletex's `DocumentArchive`). */
export const documentArchiveJson = (ctx: SerializeContext, document: FakeDocument) => ({
  ...documentJson(ctx, document),
  archiveDate: document.archiveDate,
});

export const orderJson = (ctx: SerializeContext, order: FakeOrder): Record<string, unknown> => {
  const { baseUrl } = ctx;
  return {
    id: order.id,
    version: order.version,
    url: `${baseUrl}/order/${order.id}`,
    number: order.number,
    customer: ref(baseUrl, 'customer', order.customerId, customerById(ctx)),
    contact: ref(baseUrl, 'contact', order.contactId, contactById(ctx)),
    project: ref(baseUrl, 'project', order.projectId, projectById(ctx)),
    department: ref(baseUrl, 'department', order.departmentId, departmentById(ctx)),
    orderDate: order.orderDate,
    deliveryDate: order.deliveryDate,
    reference: order.reference,
    invoiceComment: order.invoiceComment,
    isPrioritizeAmountsIncludingVat: order.isPrioritizeAmountsIncludingVat,
    isClosed: order.isClosed,
    orderLines: order.lines.map((line) => orderLineJson(ctx, order, line)),
    attachment: order.attachments.map((document) =>
      expandable({ id: document.id, url: `${baseUrl}/document/${document.id}` }, () =>
        documentJson(ctx, document),
      ),
    ),
  };
};

export const invoiceJson = (ctx: SerializeContext, invoice: FakeInvoice) => {
  const { baseUrl } = ctx;
  return {
    id: invoice.id,
    version: invoice.version,
    url: `${baseUrl}/invoice/${invoice.id}`,
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    invoiceDueDate: invoice.invoiceDueDate,
    customer: ref(baseUrl, 'customer', invoice.customerId, customerById(ctx)),
    orders: invoice.orderIds.map((id) => ref(baseUrl, 'order', id, orderById(ctx))),
    kid: '',
    amount: nok(invoice.amount),
    amountCurrency: nok(invoice.amount),
    amountExcludingVat: nok(invoice.amountExcludingVat),
    amountExcludingVatCurrency: nok(invoice.amountExcludingVat),
    amountOutstanding: nok(invoice.amountOutstanding),
    isCreditNote: invoice.isCreditNote,
    isCharged: invoice.isCharged,
    isCredited: invoice.isCredited,
    creditedInvoice: invoice.creditedInvoiceId ?? undefined,
    comment: invoice.comment,
  };
};

export const paymentTypeJson = ({ baseUrl }: SerializeContext, id: number) => ({
  id,
  version: 0,
  url: `${baseUrl}/invoice/paymentType/${id}`,
  description: FAKE_PAYMENT_TYPES.get(id)?.description,
  displayName: FAKE_PAYMENT_TYPES.get(id)?.description,
});

/** Expanders for references: the referenced record as its own GET would answer it. */
const byId =
  <T>(
    find: (state: FakeState, id: number) => T | undefined,
    toJson: (ctx: SerializeContext, record: T) => object,
  ) =>
  (ctx: SerializeContext) =>
  (id: number) => {
    const record = find(ctx.state, id);
    return record === undefined ? undefined : (toJson(ctx, record) as Record<string, unknown>);
  };
const customerById = byId((state, id) => state.customers.get(id), customerJson);
const contactById = byId((state, id) => state.contacts.get(id), contactJson);
const departmentById = byId((state, id) => state.departments.get(id), departmentJson);
const employeeById = byId((state, id) => state.employees.get(id), employeeJson);
const projectById = byId((state, id) => state.projects.get(id), projectJson);
const orderById = byId((state, id) => state.orders.get(id), orderJson);
