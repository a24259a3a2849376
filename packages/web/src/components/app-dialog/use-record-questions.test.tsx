import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ConfirmProvider } from '../confirm-action/confirm-provider';
import { useRecordQuestions } from './use-record-questions';

const OfferDialogStandIn = ({ isDirty, onClose }: { isDirty: boolean; onClose: () => void }) => {
  const questions = useRecordQuestions('offers');
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={() => void questions.closeUnlessKept(isDirty, onClose)}>
        Close
      </button>
      <button type="button" onClick={async () => setAnswer(String(await questions.wantsNewerVersion()))}>
        Save
      </button>
      <output>{answer}</output>
    </>
  );
};

const setup = (isDirty: boolean) => {
  const onClose = vi.fn();
  renderWithProviders(
    <ConfirmProvider>
      <OfferDialogStandIn isDirty={isDirty} onClose={onClose} />
    </ConfirmProvider>,
  );
  return { onClose, user: userEvent.setup() };
};

describe('useRecordQuestions', () => {
  it('closes at once when nothing is edited', async () => {
    const { onClose, user } = setup(false);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("asks in the record's words before dropping edits, and keeps them on cancel", async () => {
    const { onClose, user } = setup(true);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(within(question).getByText('The offer has unsaved changes.')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onClose).not.toHaveBeenCalled());

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it('offers the newer version after a conflict and tells which answer was given', async () => {
    const { user } = setup(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('dialog', { name: 'Changed by someone else' });
    expect(within(question).getByText(/Someone saved this offer after you opened it/)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Keep my form' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('false'));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Changed by someone else' })).getByRole('button', {
        name: 'Retrieve newer data',
      }),
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('true'));
  });
});
