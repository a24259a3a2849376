import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

export type ServerSearchSelectProps<Choice extends { id: string }, Options = undefined> = {
  value: string | null;
  onChange: (id: string | null, choice: Choice | null) => void;
  label: string;
  placeholder: string;
  nothingFound: string;
  error?: string;
  withAsterisk?: boolean;
  /** The server's answer for what was typed (debounced; '' for the first page): one page of choices. */
  useChoices: (term: string, options: Options) => readonly Choice[];
  /** What else narrows the search (e.g. only service products). */
  options: Options;
  /** What a person recognises a choice by, in the list and in the box once chosen. */
  labelOf: (choice: Choice) => string;
  /** The choice already made (a record being edited), shown before any search. */
  initial?: Choice | null;
  /**
   * For a picker that acts on each choice (adds a line) instead of holding one: the box is empty
   * again after each pick, and keeps the focus for the next. `value` stays null.
   */
  clearsOnPick?: boolean;
  /** Narrows the field (a picker beside buttons rather than a form field). */
  w?: SelectProps['w'];
  /**
   * Inside a popover the choices open in place, not in a portal: a click on a choice in a portal
   * counts as a click outside the popover and would close it before the choice is taken.
   */
  isInPopover?: boolean;
  autoFocus?: boolean;
};

/**
 * A choice found on the server as the person types: one page of answers at a time, so a company with
 * thousands of products or doors stays quick. The chosen one stays in the list while other searches
 * come and go, and while its own label is in the box the first page is shown, not a search for it.
 */
export const ServerSearchSelect = <Choice extends { id: string }, Options = undefined>({
  value,
  onChange,
  label,
  placeholder,
  nothingFound,
  error,
  withAsterisk,
  useChoices,
  options,
  labelOf,
  initial = null,
  clearsOnPick = false,
  w,
  isInPopover = false,
  autoFocus,
}: ServerSearchSelectProps<Choice, Options>) => {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 250);
  const [picked, setPicked] = useState<Choice | null>(initial);
  const isLabel = picked !== null && term === labelOf(picked);
  const found = useChoices(isLabel ? '' : debounced, options);
  const choices = picked && !found.some((choice) => choice.id === picked.id) ? [picked, ...found] : found;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      data={choices.map((choice) => ({ value: choice.id, label: labelOf(choice) }))}
      value={value}
      searchValue={term}
      onSearchChange={setTerm}
      // The server already filtered: every answer is shown as it came.
      filter={({ options }) => options}
      nothingFoundMessage={nothingFound}
      error={error}
      withAsterisk={withAsterisk}
      w={w}
      autoFocus={autoFocus}
      comboboxProps={isInPopover ? { withinPortal: false } : undefined}
      onChange={(id) => {
        const choice = choices.find((candidate) => candidate.id === id) ?? null;
        if (clearsOnPick) setTerm('');
        else setPicked(choice);
        onChange(id, choice);
      }}
    />
  );
};
