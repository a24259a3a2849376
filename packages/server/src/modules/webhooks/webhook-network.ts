import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The SSRF guard of webhook deliveries: which addresses a delivery may reach. Anything that is not a
 * public unicast address counts as private — loopback, RFC 1918, carrier-grade NAT, link-local (cloud
 * metadata at 169.254.169.254), unique-local IPv6, documentation, multicast and reserved ranges.
 */
const PRIVATE_RANGES: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const privateRanges = new BlockList();
for (const [network, prefix, type] of PRIVATE_RANGES) privateRanges.addSubnet(network, prefix, type);

const loopbackRanges = new BlockList();
loopbackRanges.addSubnet('127.0.0.0', 8, 'ipv4');
loopbackRanges.addAddress('::1', 'ipv6');

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** True for every address that is not public unicast (IPv4-mapped IPv6 is judged by its IPv4). */
export const isPrivateAddress = (address: string) =>
  isIP(address) === 0 || privateRanges.check(address, familyOf(address));

export const isLoopbackAddress = (address: string) =>
  isIP(address) !== 0 && loopbackRanges.check(address, familyOf(address));

/** A URL's host without IPv6 brackets, as the resolver and `isIP` want it. */
export const bareHostname = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

const isLoopbackName = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || isLoopbackAddress(hostname);

export type TargetProblem = 'invalid' | 'httpsRequired' | 'privateAddress';

/**
 * Whether a subscription may be saved with this URL: https only; http only to a loopback host and
 * only when private addresses are allowed; no credentials in the URL (they would be stored in
 * plain); an IP literal in a private range only when allowed. Names are resolved at delivery time.
 */
export const checkTargetUrl = (value: string, isPrivateAllowed: boolean): TargetProblem | null => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if (url.username !== '' || url.password !== '' || url.hostname === '') return 'invalid';
  const hostname = bareHostname(url);
  if (url.protocol === 'http:') {
    if (!isPrivateAllowed || !isLoopbackName(hostname)) return 'httpsRequired';
  } else if (url.protocol !== 'https:') {
    return 'invalid';
  }
  if (!isPrivateAllowed && (isLoopbackName(hostname) || (isIP(hostname) && isPrivateAddress(hostname))))
    return 'privateAddress';
  return null;
};

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export class BlockedTargetError extends Error {
  constructor(
    readonly reason: TargetProblem,
    detail: string,
  ) {
    super(detail);
    this.name = 'BlockedTargetError';
  }
}

/**
 * Resolves the URL's host once and answers the address to connect to. Every resolved address must
 * be allowed (a name with one private answer among public ones is refused), and the caller connects
 * to exactly this address — a second lookup by the HTTP client could answer differently (DNS
 * rebinding) and is never made.
 */
export const resolveTarget = async (
  url: URL,
  isPrivateAllowed: boolean,
  resolve: Resolver = systemResolver,
): Promise<ResolvedAddress> => {
  const problem = checkTargetUrl(url.href, isPrivateAllowed);
  if (problem) throw new BlockedTargetError(problem, `The address ${url.origin} may not be reached`);
  const hostname = bareHostname(url);
  const addresses =
    isIP(hostname) !== 0 ? [{ address: hostname, family: isIP(hostname) as 4 | 6 }] : await resolve(hostname);
  const [first] = addresses;
  if (!first) throw new Error(`${hostname} has no address`);
  if (!isPrivateAllowed) {
    const blocked = addresses.find((entry) => isPrivateAddress(entry.address));
    if (blocked)
      throw new BlockedTargetError(
        'privateAddress',
        `${hostname} resolves to ${blocked.address}, a private network address`,
      );
  }
  // http:// is allowed to loopback only: a name must not turn it into a plain-text call elsewhere.
  if (url.protocol === 'http:' && !addresses.every((entry) => isLoopbackAddress(entry.address)))
    throw new BlockedTargetError('httpsRequired', `${hostname} is not a loopback address`);
  return first;
};
