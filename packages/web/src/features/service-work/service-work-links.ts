/** Where the service work screens link to; the app composes them with its routes (features know no paths). */
export type ServiceWorkLinks = {
  /** The technician's screen of one item (`serviceItem`). */
  serviceItemHref: (serviceItemId: string) => string;
  /** A service project's items on the map. */
  projectDetailsHref: (projectId: string) => string;
  /** An item's logbook (every visit), and the same on the print page. */
  logbookHref: (serviceItemId: string) => string;
  logbookPrintHref: (serviceItemId: string) => string;
  /** The quality screen, where a deviation raised by an answer is handled. */
  qualityHref: string;
};
