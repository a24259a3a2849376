import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A push service on loopback that speaks the Web Push protocol (RFC 8030) over TLS, as a browser
 * vendor's does: it checks the VAPID authorization (RFC 8292: an ES256 JWT for this origin, signed
 * by the key in `k`) and decrypts the aes128gcm payload (RFC 8291) with the "browser's" keys it made.
 * Its certificate is made here with openssl and trusted by this process only.
 */

export type ReceivedPush = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  vapid: {
    isSignatureValid: boolean;
    audience: string;
    subject: string;
    publicKey: string;
    expiresAt: number;
  };
  payload: unknown;
};

const b64url = (buffer: Buffer) => buffer.toString('base64url');

const selfSignedCertificate = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'karm-push-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** The browser side of one subscription: its key pair and auth secret, and a decrypter. */
const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const decrypt = (body: Buffer) => {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const serverPublic = body.subarray(21, 21 + idLength);
    const cipherText = body.subarray(21 + idLength);
    const shared = ecdh.computeSecret(serverPublic);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublic]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
    const padded = Buffer.concat([
      decipher.update(cipherText.subarray(0, cipherText.length - 16)),
      decipher.final(),
    ]);
    // The last record ends with the delimiter 2 and zero padding.
    let end = padded.length - 1;
    while (end > 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('No final-record delimiter');
    return padded.subarray(0, end).toString('utf8');
  };
  return { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth), decrypt };
};

const checkVapid = (header: string | undefined, origin: string) => {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`No VAPID authorization: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const isSignatureValid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    aud: string;
    sub: string;
    exp: number;
  };
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud} is not ${origin}`);
  return {
    isSignatureValid,
    audience: claims.aud,
    subject: claims.sub,
    publicKey: key,
    expiresAt: claims.exp,
  };
};

/**
 * Starts the push service. `onReceive` hears each message it accepted (the journeys' server writes
 * them to a file, as its mail relay does with mail).
 */
export const startFakePushService = async ({
  onReceive,
}: {
  onReceive?: (push: ReceivedPush) => void;
} = {}) => {
  const { key, cert } = selfSignedCertificate();
  // web-push calls https.request without an agent: the global agent trusts this certificate too.
  const previousCa = https.globalAgent.options.ca;
  https.globalAgent.options.ca = cert;
  const received: ReceivedPush[] = [];
  const subscriptions = new Map<string, ReturnType<typeof browserKeys>>();
  /** The status each subscription answers with (201 unless told otherwise, e.g. 410 when gone). */
  const statuses = new Map<string, number>();
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = (request.url ?? '').replace(/^\/push\//, '');
      const keys = subscriptions.get(id);
      if (request.method !== 'POST' || !keys) {
        response.writeHead(404).end();
        return;
      }
      try {
        const vapid = checkVapid(request.headers.authorization, origin);
        const payload = JSON.parse(keys.decrypt(Buffer.concat(chunks)));
        const push = { path: request.url ?? '', headers: request.headers, vapid, payload };
        received.push(push);
        onReceive?.(push);
        response.writeHead(statuses.get(id) ?? 201).end();
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** A new browser subscription, as `PushSubscription.toJSON()` gives it. */
    subscribe: (id = randomBytes(8).toString('hex')) => {
      const keys = browserKeys();
      subscriptions.set(id, keys);
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: keys.p256dh, auth: keys.auth } };
    },
    answer: (endpoint: string, status: number) => statuses.set(endpoint.split('/push/')[1] ?? '', status),
    close: async () => {
      https.globalAgent.options.ca = previousCa;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
