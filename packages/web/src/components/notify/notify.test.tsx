import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { notifyActionResult, notifyError, notifySuccess, TOAST_DURATION_MS } from './notify';

const toast = (text: string) => screen.queryByText(text)?.closest('.mantine-Notification-root') ?? null;

describe('notify', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renderWithProviders(<div />);
  });
  afterEach(() => {
    act(() => notifications.clean());
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('uses the SPEC duration', () => expect(TOAST_DURATION_MS).toBe(3000));

  it('shows a green success toast for exactly three seconds', async () => {
    act(() => {
      notifySuccess('Offer saved');
    });
    expect(toast('Offer saved')).toHaveAttribute('data-with-icon');
    expect(toast('Offer saved')!.getAttribute('style')).toContain('green');
    await act(() => vi.advanceTimersByTimeAsync(2800));
    expect(toast('Offer saved')).toBeInTheDocument();
    // 3 s plus the exit transition.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(toast('Offer saved')).not.toBeInTheDocument();
  });

  it('shows a red error toast with an Error message, gone after three seconds', async () => {
    act(() => {
      notifyError(new Error('Disk full'));
    });
    expect(toast('Disk full')!.getAttribute('style')).toContain('red');
    await act(() => vi.advanceTimersByTimeAsync(2800));
    expect(toast('Disk full')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(toast('Disk full')).not.toBeInTheDocument();
  });

  it('translates a known server error code', () => {
    // Each test file has its own i18n instance, so this extra text stays here.
    i18n.addResource('en', 'errors', 'CONFLICT', 'Someone else changed this record');
    act(() => {
      notifyError(new ApiError({ code: 'CONFLICT', message: 'version mismatch' }));
    });
    expect(toast('Someone else changed this record')).toBeInTheDocument();
  });

  it('falls back to the server message for an untranslated code', () => {
    vi.spyOn(i18n, 'exists').mockReturnValue(false);
    act(() => {
      notifyError(new ApiError({ code: 'UPSTREAM', message: 'Tripletex is down' }));
    });
    expect(toast('Tripletex is down')).toBeInTheDocument();
  });

  it.each([undefined, null, {}, new Error('')])('falls back to the generic text for %s', (value) => {
    act(() => {
      notifyError(value);
    });
    expect(toast('An unexpected error occurred')).toBeInTheDocument();
  });

  it('shows the catalogue texts for action results', () => {
    act(() => {
      notifyActionResult(true);
      notifyActionResult(false);
    });
    expect(toast('Action was successful')).toBeInTheDocument();
    expect(toast('Action failed')).toBeInTheDocument();
  });
});
