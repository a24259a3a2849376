import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BeforeInstallPromptEvent, useInstallStore } from '@/lib/install-prompt';
import { renderWithProviders } from '@/test/render';
import { DownloadPage } from './download-page';

const offer = (outcome: 'accepted' | 'dismissed') => {
  const event = new Event('beforeinstallprompt') as BeforeInstallPromptEvent;
  Object.assign(event, {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  return event;
};

describe('DownloadPage', () => {
  afterEach(() => useInstallStore.setState({ offer: null, isJustInstalled: false }));

  it('installs through the browser’s offer, once', async () => {
    const event = offer('accepted');
    act(() => useInstallStore.setState({ offer: event }));
    renderWithProviders(<DownloadPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Install Karm' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByText('Karm is being installed. It opens in its own window.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install Karm' })).not.toBeInTheDocument();
  });

  it('says so when the app was installed during the visit', () => {
    act(() => useInstallStore.setState({ isJustInstalled: true }));
    renderWithProviders(<DownloadPage />);
    expect(screen.getByText('Karm is installed')).toBeInTheDocument();
  });

  it('shows the running version and what is new', () => {
    renderWithProviders(<DownloadPage />);
    expect(screen.getByTestId('running-version')).toHaveTextContent(__KARM_VERSION__);
    expect(screen.getByRole('heading', { name: "What's new" })).toBeInTheDocument();
  });
});
