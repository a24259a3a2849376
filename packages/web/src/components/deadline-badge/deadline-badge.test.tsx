import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DeadlineBadge, deadlineColour } from './deadline-badge';

describe('DeadlineBadge', () => {
  it('counts the days left, the due day and the days overdue', () => {
    const { rerender } = renderWithProviders(<DeadlineBadge deadline="2026-11-24" today="2026-11-21" />);
    expect(screen.getByText('3 days left')).toBeInTheDocument();
    rerender(<DeadlineBadge deadline="2026-11-21" today="2026-11-21" label="Sent" />);
    expect(screen.getByText('Sent · Due today')).toBeInTheDocument();
    rerender(<DeadlineBadge deadline="2026-11-20" today="2026-11-21" />);
    expect(screen.getByText('1 day overdue')).toBeInTheDocument();
    rerender(<DeadlineBadge deadline={null} />);
    expect(screen.getByText('No deadline')).toBeInTheDocument();
  });

  it('turns orange within three days and red once overdue', () => {
    expect([deadlineColour(-1), deadlineColour(0), deadlineColour(3), deadlineColour(4)]).toEqual([
      'red',
      'orange',
      'orange',
      'green',
    ]);
  });
});
