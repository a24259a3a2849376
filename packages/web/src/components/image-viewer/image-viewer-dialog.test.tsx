import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ImageViewerDialog, type ViewerImage } from './image-viewer-dialog';

const IMAGES: ViewerImage[] = [
  { url: '/api/file?id=1', name: 'front-door.jpg' },
  { url: '/api/file?id=2', name: 'hinge.jpg' },
  { url: '/api/file?id=3', name: 'frame.png' },
];

const setup = (startIndex?: number) => {
  renderWithProviders(
    <ImageViewerDialog opened onClose={() => {}} images={IMAGES} startIndex={startIndex} />,
  );
  return { user: userEvent.setup(), dialog: screen.getByRole('dialog') };
};

const shown = (dialog: HTMLElement) => within(dialog).getByRole('img');

describe('ImageViewerDialog', () => {
  it('starts at startIndex with a counter, title and download link for that image', () => {
    const { dialog } = setup(1);
    expect(dialog).toHaveAccessibleName('hinge.jpg');
    expect(shown(dialog)).toHaveAttribute('src', '/api/file?id=2');
    expect(dialog).toHaveTextContent('2 / 3');
    const download = within(dialog).getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/api/file?id=2');
    expect(download).toHaveAttribute('download', 'hinge.jpg');
  });

  it('moves with the previous and next buttons, stopping at the ends', async () => {
    const { user, dialog } = setup();
    const previous = within(dialog).getByRole('button', { name: 'Previous image' });
    const next = within(dialog).getByRole('button', { name: 'Next image' });
    expect(previous).toBeDisabled();
    await user.click(next);
    await user.click(next);
    expect(shown(dialog)).toHaveAttribute('alt', 'frame.png');
    expect(dialog).toHaveTextContent('3 / 3');
    expect(next).toBeDisabled();
    await user.click(previous);
    expect(shown(dialog)).toHaveAttribute('alt', 'hinge.jpg');
    expect(dialog).toHaveTextContent('2 / 3');
  });

  it('moves with the arrow keys', async () => {
    const { user, dialog } = setup();
    await user.keyboard('{ArrowRight}');
    expect(dialog).toHaveTextContent('2 / 3');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(dialog).toHaveTextContent('3 / 3');
    await user.keyboard('{ArrowLeft}');
    expect(shown(dialog)).toHaveAttribute('src', '/api/file?id=2');
  });

  it('toggles zoom, and leaves it when moving on', async () => {
    const { user, dialog } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(shown(dialog)).toHaveAttribute('data-zoomed');
    expect(within(dialog).getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(shown(dialog)).not.toHaveAttribute('data-zoomed');
  });

  it('says so when there is nothing to show', () => {
    renderWithProviders(<ImageViewerDialog opened onClose={() => {}} images={[]} />);
    expect(screen.getByRole('dialog')).toHaveTextContent('No images to show');
  });
});
