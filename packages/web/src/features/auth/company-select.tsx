import { Select, type SelectProps } from '@mantine/core';

/** The sign-in form's company choice, in a module of its own so that it loads only when shown. */
export const CompanySelect = (props: SelectProps) => (
  <Select required allowDeselect={false} comboboxProps={{ withinPortal: false }} {...props} />
);
