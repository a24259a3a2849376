import { PLAN_PUSHES, TASK_PUSHES } from '@karm/domain/contract';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calendarKeys } from '@/lib/api/calendar';
import { createTestQueryClient } from '@/test/socket-mock';
import { useCalendarPushes } from './use-calendar-pushes';

const listeners = vi.hoisted(() => new Map<string, () => void>());
vi.mock('@/lib/socket', () => ({
  request: vi.fn(),
  onPush: vi.fn((event: string, listener: () => void) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  }),
}));

const range = { from: '2026-11-01', to: '2026-12-06' };

/** An open calendar: its range's query, and the pushes it listens to. */
const OpenCalendar = ({ read }: { read: () => Promise<unknown[]> }) => {
  useCalendarPushes();
  useQuery({ queryKey: calendarKeys.range(range, ['myPlans']), queryFn: read });
  return null;
};

describe('useCalendarPushes', () => {
  it('reads the shown range again when a plan or a task changes, and stops listening when closed', async () => {
    const read = vi.fn(async () => []);
    const view = render(
      <QueryClientProvider client={createTestQueryClient()}>
        <OpenCalendar read={read} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    act(() => listeners.get(PLAN_PUSHES.added)?.());
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    act(() => listeners.get(TASK_PUSHES.changed)?.());
    await waitFor(() => expect(read).toHaveBeenCalledTimes(3));
    view.unmount();
    expect(listeners.size).toBe(0);
  });
});
