import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AppDialog, type AppDialogProps } from './app-dialog';
import { MIN_HEIGHT, MIN_WIDTH } from './dialog-geometry';

const open = (props: Partial<AppDialogProps> = {}) => {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <AppDialog opened onClose={onClose} title="Edit project" {...props}>
      {props.children ?? <input aria-label="Project name" />}
    </AppDialog>,
  );
  return {
    onClose,
    view,
    user: userEvent.setup(),
    dialog: screen.getByRole('dialog', { name: 'Edit project' }),
  };
};

const FOOTER_LABELS = {
  onArchive: 'Archive',
  onUnarchive: 'Unarchive',
  onCancel: 'Cancel',
  onShowDocument: 'Show document',
  onSendError: 'Send error to administrator',
  onDelete: 'Delete',
  onSave: 'Save',
  onDownload: 'Download',
} as const;

describe('AppDialog', () => {
  it('renders a labelled dialog in a portal, and nothing when closed', () => {
    const { view, dialog } = open();
    expect(view.container).not.toContainElement(dialog);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Project name' })).toBeInTheDocument();
    view.rerender(
      <AppDialog opened={false} onClose={() => {}} title="Edit project">
        body
      </AppDialog>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows no footer buttons without handlers', () => {
    const { dialog } = open();
    for (const label of Object.values(FOOTER_LABELS)) {
      expect(within(dialog).queryByRole('button', { name: label })).not.toBeInTheDocument();
    }
  });

  it.each(Object.entries(FOOTER_LABELS).filter(([prop]) => prop !== 'onDelete'))(
    '%s shows a "%s" button that calls it',
    async (prop, label) => {
      const handler = vi.fn();
      const { user, dialog } = open({ [prop]: handler });
      const buttons = within(dialog)
        .getAllByRole('button')
        .filter((button) => Object.values(FOOTER_LABELS).includes(button.textContent as never));
      expect(buttons.map((button) => button.textContent)).toEqual([label]);
      await user.click(within(dialog).getByRole('button', { name: label }));
      expect(handler).toHaveBeenCalledTimes(1);
    },
  );

  it('read only: says so, leaves out what changes the record and keeps what only reads', async () => {
    const handlers = { onSave: vi.fn(), onArchive: vi.fn(), onUnarchive: vi.fn(), onDelete: vi.fn() };
    const onShowDocument = vi.fn();
    const onCancel = vi.fn();
    const { user, dialog } = open({ ...handlers, onShowDocument, onCancel, readOnly: true });
    expect(within(dialog).getByText('Read only')).toBeInTheDocument();
    for (const label of ['Save', 'Archive', 'Unarchive', 'Delete', 'Cancel']) {
      expect(within(dialog).queryByRole('button', { name: label }), label).not.toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: 'Show document' }));
    expect(onShowDocument).toHaveBeenCalledTimes(1);
    // Nothing to cancel: the footer's button closes, beside the header's close button.
    const [, footerClose] = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(footerClose!);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('is persistent: Escape and outside clicks do not close it, the close button does', async () => {
    const { user, onClose, dialog } = open();
    await user.keyboard('{Escape}');
    const overlay = document.querySelector('.mantine-Overlay-root');
    expect(overlay).not.toBeNull();
    await user.click(overlay!);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit project' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('disables closing with a hint', async () => {
    const { user, onClose, dialog } = open({ closeDisabled: true });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toBeDisabled();
    await user.hover(close.closest('[data-close-wrapper]')!);
    expect(await screen.findByText('Save the page first before closing')).toBeInTheDocument();
    await user.click(close);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('accepts a custom close hint', async () => {
    const { user, dialog } = open({ closeDisabled: true, closeDisabledHint: 'Finish the invoice first' });
    await user.hover(within(dialog).getByRole('button', { name: 'Close' }).closest('[data-close-wrapper]')!);
    expect(await screen.findByText('Finish the invoice first')).toBeInTheDocument();
  });

  it('asks before deleting', async () => {
    const onDelete = vi.fn();
    const { user, dialog } = open({ onDelete });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('shows loading while saving and blocks the other buttons', () => {
    const onSave = vi.fn();
    const onArchive = vi.fn();
    const { dialog } = open({ onSave, onArchive, saving: true });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toHaveAttribute('data-loading');
    fireEvent.click(save);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(onArchive).not.toHaveBeenCalled();
  });

  it('runs an async handler once however often it is clicked', async () => {
    let finish = () => {};
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { dialog } = open({ onSave });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(save).toHaveAttribute('data-loading'));
    await act(async () => finish());
    await waitFor(() => expect(save).not.toHaveAttribute('data-loading'));
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('shows loading on the pressed button while busy', async () => {
    const onArchive = vi.fn();
    const { user, dialog, view } = open({ onArchive, onSave: vi.fn() });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    view.rerender(
      <AppDialog opened onClose={() => {}} title="Edit project" onArchive={onArchive} onSave={vi.fn()} busy>
        body
      </AppDialog>,
    );
    expect(within(dialog).getByRole('button', { name: 'Archive' })).toHaveAttribute('data-loading');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('minimises to its header and restores with the content intact', async () => {
    const { user, dialog } = open({ onSave: vi.fn() });
    await user.type(within(dialog).getByRole('textbox', { name: 'Project name' }), 'Door 7');
    await user.click(within(dialog).getByRole('button', { name: 'Minimise' }));
    expect(dialog).toHaveAttribute('data-minimised');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { hidden: true })).not.toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(dialog).not.toHaveAttribute('data-minimised');
    expect(within(dialog).getByRole('textbox', { name: 'Project name' })).toHaveValue('Door 7');
  });

  it('maximises and restores', async () => {
    const { user, dialog } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Maximise' }));
    expect(dialog).toHaveAttribute('data-maximised');
    expect(dialog.querySelector('[data-resize-handle]')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(dialog).not.toHaveAttribute('data-maximised');
  });

  it('is dragged by its header', () => {
    const { dialog } = open();
    const header = dialog.querySelector('[data-dialog-header]')!;
    fireEvent.pointerDown(header, { button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(window, { clientX: 160, clientY: 130 });
    fireEvent.pointerUp(window);
    expect(dialog.style.transform).toBe('translate(60px, 30px)');
    // After release the pointer no longer moves it.
    fireEvent.pointerMove(window, { clientX: 400, clientY: 400 });
    expect(dialog.style.transform).toBe('translate(60px, 30px)');
  });

  it('is not dragged from its header buttons', () => {
    const { dialog } = open();
    fireEvent.pointerDown(within(dialog).getByRole('button', { name: 'Close' }), {
      button: 0,
      clientX: 0,
      clientY: 0,
    });
    fireEvent.pointerMove(window, { clientX: 50, clientY: 50 });
    fireEvent.pointerUp(window);
    expect(dialog.style.transform).toBe('translate(0px, 0px)');
  });

  it('resizes from its corner, never below the minimum size', () => {
    const { dialog } = open();
    dialog.getBoundingClientRect = () => ({ width: 620, height: 400 }) as DOMRect;
    const handle = dialog.querySelector('[data-resize-handle]')!;
    fireEvent.pointerDown(handle, { button: 0, clientX: 500, clientY: 500 });
    fireEvent.pointerMove(window, { clientX: 600, clientY: 550 });
    expect(dialog.style.width).toBe('720px');
    expect(dialog.style.height).toBe('450px');
    fireEvent.pointerMove(window, { clientX: -1000, clientY: -1000 });
    fireEvent.pointerUp(window);
    expect(dialog.style.width).toBe(`${MIN_WIDTH}px`);
    expect(dialog.style.height).toBe(`${MIN_HEIGHT}px`);
  });
});
