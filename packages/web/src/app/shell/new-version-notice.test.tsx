import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { socket } from '@/lib/socket';
import { renderWithProviders } from '@/test/render';
import { installSessionListeners } from '../session-listeners';
import { NewVersionNotice } from './new-version-notice';
import { useNewVersionStore } from './new-version-store';

const pushBuild = (buildId: string) => {
  for (const listener of socket.listeners('server:build')) listener({ buildId, version: '0.1.0' });
};

describe('new-version notice', () => {
  let uninstall: (() => void) | undefined;
  afterEach(() => {
    uninstall?.();
    useNewVersionStore.setState({ isAvailable: false });
  });

  it('stays hidden while the server serves the loaded build', () => {
    uninstall = installSessionListeners(() => undefined);
    renderWithProviders(<NewVersionNotice />);
    act(() => pushBuild(__KARM_BUILD_ID__));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for a reload with F5 when the server serves another build', () => {
    uninstall = installSessionListeners(() => undefined);
    renderWithProviders(<NewVersionNotice />);
    act(() => pushBuild('a-newer-build'));
    expect(screen.getByRole('alert')).toHaveTextContent('Reload the page with F5 to use it.');
    expect(screen.getByRole('alert')).toHaveTextContent('After the reload, Karm shows what is new.');
  });
});
