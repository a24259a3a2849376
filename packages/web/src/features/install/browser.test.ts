import { describe, expect, it } from 'vitest';
import { detectPlatform, installStepsFor } from './browser';

const AGENTS = {
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
};

describe('install platform', () => {
  it('tells Edge from Chrome on Windows, though Edge says Chrome too', () => {
    expect(detectPlatform(AGENTS.edgeWindows)).toEqual({ os: 'windows', browser: 'edge' });
    expect(detectPlatform(AGENTS.chromeWindows)).toEqual({ os: 'windows', browser: 'chrome' });
    expect(installStepsFor(detectPlatform(AGENTS.edgeWindows))).toBe('edge');
    expect(installStepsFor(detectPlatform(AGENTS.chromeWindows))).toBe('chrome');
  });

  it('cannot install from Firefox or Opera on Windows', () => {
    expect(installStepsFor(detectPlatform(AGENTS.firefoxWindows))).toBe('unsupported');
    expect(detectPlatform(AGENTS.operaWindows).browser).toBe('other');
    expect(installStepsFor(detectPlatform(AGENTS.operaWindows))).toBe('unsupported');
  });

  it('has steps for Safari on a Mac, an iPhone and an iPad, and for Android', () => {
    expect(installStepsFor(detectPlatform(AGENTS.safariMac))).toBe('macSafari');
    expect(installStepsFor(detectPlatform(AGENTS.safariIphone))).toBe('iosSafari');
    // An iPad asks for the desktop site: it says Macintosh, but has touch points.
    expect(detectPlatform(AGENTS.safariMac, 5).os).toBe('ios');
    expect(installStepsFor(detectPlatform(AGENTS.chromeAndroid))).toBe('android');
  });
});
