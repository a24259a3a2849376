import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PdfViewerDialog } from './pdf-viewer-dialog';

describe('PdfViewerDialog', () => {
  it('shows the PDF titled with its file name, with a download link', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <PdfViewerDialog
        opened
        onClose={onClose}
        fileName="offer-1042.pdf"
        url="blob:http://localhost/abc-123"
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'offer-1042.pdf' });
    const frame = within(dialog).getByTitle('offer-1042.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'blob:http://localhost/abc-123');
    const download = within(dialog).getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', 'blob:http://localhost/abc-123');
    expect(download).toHaveAttribute('download', 'offer-1042.pdf');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a loader and no download while its link is being fetched', () => {
    renderWithProviders(<PdfViewerDialog opened onClose={() => {}} fileName="a.pdf" url={undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'a.pdf' });
    expect(within(dialog).queryByTitle('a.pdf')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Loading the document…')).toBeInTheDocument();
  });

  it('offers the document in the other language when it makes the document', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <PdfViewerDialog
        opened
        onClose={() => {}}
        fileName="offer-1042.pdf"
        url="/api/offers/1/pdf"
        language={{ value: 'nb', onChange }}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'offer-1042.pdf' });
    const language = within(dialog).getByRole('radiogroup', { name: 'Document language' });
    expect(within(language).getByRole('radio', { name: 'Norsk (bokmål)' })).toBeChecked();
    await userEvent.click(within(language).getByText('English'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('en');
  });

  it('has no language choice for a stored file', () => {
    renderWithProviders(<PdfViewerDialog opened onClose={() => {}} fileName="a.pdf" url="/api/file?id=1" />);
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('renders nothing when closed', () => {
    renderWithProviders(
      <PdfViewerDialog opened={false} onClose={() => {}} fileName="a.pdf" url="/api/file?id=1" />,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
