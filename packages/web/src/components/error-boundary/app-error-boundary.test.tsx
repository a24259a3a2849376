import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportClientError } from '@/lib/error-reporting';
import { renderWithProviders } from '@/test/render';
import { AppErrorBoundary } from './app-error-boundary';

vi.mock('@/lib/error-reporting', () => ({ reportClientError: vi.fn(async () => {}) }));

const Broken = (): never => {
  throw new Error('Offer list exploded');
};

describe('AppErrorBoundary', () => {
  beforeEach(() => {
    // React logs caught render errors; that noise is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('renders its children when nothing fails', () => {
    renderWithProviders(
      <AppErrorBoundary>
        <p>All good</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
    expect(reportClientError).not.toHaveBeenCalled();
  });

  it('shows the fallback with the message, reports the error and offers a reload', async () => {
    const onReload = vi.fn();
    renderWithProviders(
      <AppErrorBoundary onReload={onReload}>
        <Broken />
      </AppErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Offer list exploded');
    expect(reportClientError).toHaveBeenCalledWith(
      'render',
      expect.objectContaining({ message: 'Offer list exploded' }),
      expect.objectContaining({ componentStack: expect.stringContaining('Broken') }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
