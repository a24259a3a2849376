import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ConfirmProvider, useConfirm } from './confirm-provider';

const Asker = () => {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  const ask = async () => {
    const ok = await confirm({
      title: 'Delete offer?',
      message: 'Offer 42 will be gone.',
      confirmLabel: 'Delete',
    });
    setAnswer(String(ok));
  };
  return (
    <>
      <button type="button" onClick={ask}>
        Ask
      </button>
      <output>{answer}</output>
    </>
  );
};

const setup = () => {
  renderWithProviders(
    <ConfirmProvider>
      <Asker />
    </ConfirmProvider>,
  );
  return userEvent.setup();
};

describe('useConfirm', () => {
  it('shows the question and resolves true on confirm', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete offer?' });
    expect(dialog).toHaveTextContent('Offer 42 will be gone.');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('true'));
  });

  it('resolves false on cancel', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('dialog', { name: 'Delete offer?' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('false'));
  });

  it('resolves false when dismissed with Escape', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('dialog', { name: 'Delete offer?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('false'));
  });

  it('refuses to work without its provider', () => {
    // React logs the thrown render error; expected here.
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderWithProviders(<Asker />)).toThrow(/ConfirmProvider/);
    error.mockRestore();
  });
});
