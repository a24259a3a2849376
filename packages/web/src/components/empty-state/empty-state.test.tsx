import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows its icon, title, sentence and actions', () => {
    renderWithProviders(
      <EmptyState
        icon={<svg data-testid="icon" />}
        title="No inquiries yet"
        description="Inquiries from customers will be listed here."
      >
        <button type="button">Add inquiry</button>
      </EmptyState>,
    );
    expect(screen.getByRole('heading', { name: 'No inquiries yet' })).toBeInTheDocument();
    expect(screen.getByText('Inquiries from customers will be listed here.')).toBeInTheDocument();
    expect(screen.getByTestId('icon')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add inquiry' })).toBeInTheDocument();
  });

  it('has a default icon', () => {
    const { container } = renderWithProviders(<EmptyState title="Nothing" description="Later." />);
    expect(container.querySelector('[data-empty-state] svg')).not.toBeNull();
  });
});
