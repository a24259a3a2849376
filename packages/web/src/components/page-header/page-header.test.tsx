import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('shows the title as the page heading, the subtitle and the actions', () => {
    renderWithProviders(
      <PageHeader
        title="Offers"
        subtitle="All open offers"
        actions={<button type="button">New offer</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Offers' })).toBeInTheDocument();
    expect(screen.getByText('All open offers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New offer' })).toBeInTheDocument();
  });

  it('leaves out what it is not given', () => {
    const { container } = renderWithProviders(<PageHeader title="Dashboard" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(container.querySelector('[data-page-actions]')).toBeNull();
    expect(container.querySelectorAll('p')).toHaveLength(0);
  });
});
