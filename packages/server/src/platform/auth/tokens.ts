import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the access token or reset token handed to the client once. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256, so a database dump yields nothing usable. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
