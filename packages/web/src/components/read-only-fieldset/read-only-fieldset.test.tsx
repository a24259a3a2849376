import { Button, Select, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ReadOnlyFieldset } from './read-only-fieldset';

const Form = ({ readOnly, onAdd }: { readOnly: boolean; onAdd: () => void }) => (
  <ReadOnlyFieldset readOnly={readOnly}>
    <TextInput label="Name" defaultValue="Skole" />
    <Select label="Status" data={['Sendt', 'Vunnet']} defaultValue="Sendt" />
    <Button onClick={onAdd}>Add line</Button>
  </ReadOnlyFieldset>
);

describe('ReadOnlyFieldset', () => {
  it('read only, every field and button inside shows its value and cannot be used', async () => {
    const onAdd = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Form readOnly onAdd={onAdd} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Skole');
    expect(name).toBeDisabled();
    await user.type(name, ' og barnehage');
    expect(name).toHaveValue('Skole');
    for (const status of screen.getAllByDisplayValue('Sendt')) expect(status).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add line' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('otherwise changes nothing', async () => {
    const onAdd = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Form readOnly={false} onAdd={onAdd} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' og barnehage');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Skole og barnehage');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });
});
