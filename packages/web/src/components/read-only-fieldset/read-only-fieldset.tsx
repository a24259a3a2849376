import type { ReactNode } from 'react';
import classes from './read-only-fieldset.module.css';

export type ReadOnlyFieldsetProps = {
  /** When set, every field and button inside is disabled: shown, never changed. */
  readOnly: boolean;
  children: ReactNode;
};

/**
 * A form's fields for someone who may read the record but not change it: a disabled `<fieldset>`
 * disables every input and button inside at once (the browser does it), so no field is forgotten.
 * Without `readOnly` it changes nothing.
 */
export const ReadOnlyFieldset = ({ readOnly, children }: ReadOnlyFieldsetProps) => (
  <fieldset disabled={readOnly} className={classes.fieldset} data-read-only={readOnly || undefined}>
    {children}
  </fieldset>
);
