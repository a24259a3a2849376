/** The systems and browsers the download page has install steps for. */
export type InstallPlatform = {
  os: 'windows' | 'mac' | 'linux' | 'ios' | 'android' | 'other';
  browser: 'edge' | 'chrome' | 'firefox' | 'safari' | 'other';
};

/**
 * Which system and browser a user agent string names. Edge and Opera say "Chrome" too, and Chrome
 * says "Safari": the order of the checks matters. iPads say "Macintosh" but have touch points.
 */
export const detectPlatform = (userAgent: string, maxTouchPoints = 0): InstallPlatform => {
  const ua = userAgent.toLowerCase();
  const os: InstallPlatform['os'] = /iphone|ipod|ipad/.test(ua)
    ? 'ios'
    : ua.includes('macintosh') && maxTouchPoints > 1
      ? 'ios'
      : ua.includes('android')
        ? 'android'
        : ua.includes('windows')
          ? 'windows'
          : ua.includes('mac os x') || ua.includes('macintosh')
            ? 'mac'
            : ua.includes('linux') || ua.includes('cros')
              ? 'linux'
              : 'other';
  const browser: InstallPlatform['browser'] = /edg(e|a|ios)?\//.test(ua)
    ? 'edge'
    : /opr\/|samsungbrowser/.test(ua)
      ? 'other'
      : /firefox|fxios/.test(ua)
        ? 'firefox'
        : /chrome|chromium|crios/.test(ua)
          ? 'chrome'
          : ua.includes('safari')
            ? 'safari'
            : 'other';
  return { os, browser };
};

/** The install steps to show: a key of the `client:steps` texts, or none where installing is not possible. */
export type InstallSteps = 'edge' | 'chrome' | 'macSafari' | 'iosSafari' | 'android' | 'unsupported';

export const installStepsFor = ({ os, browser }: InstallPlatform): InstallSteps => {
  if (os === 'ios') return browser === 'safari' || browser === 'other' ? 'iosSafari' : 'unsupported';
  if (os === 'android') return browser === 'firefox' ? 'unsupported' : 'android';
  if (browser === 'edge') return 'edge';
  if (browser === 'chrome') return 'chrome';
  if (os === 'mac' && browser === 'safari') return 'macSafari';
  return 'unsupported';
};
