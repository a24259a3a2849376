import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from './users';

/** Where the journeys' mail relay keeps what it received (see mail-relay.ts). */
export const MAIL_FILE = path.join(E2E_DATA_DIR, 'mails.jsonl');

/** Undoes quoted-printable: soft line breaks and =XX escapes (nodemailer uses it for æøå text). */
const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => `%${hex}`),
    'latin1',
  )
    .toString('latin1')
    .replace(/(%[0-9A-F]{2})+/g, (escaped) => decodeURIComponent(escaped));

/** The mails the relay received for one address, newest last, their bodies decoded. */
export const mailsTo = async (address: string) => {
  const lines = (await readFile(MAIL_FILE, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  return lines
    .map((line) => JSON.parse(line) as { to: string[]; raw: string })
    .filter((mail) => mail.to.includes(address))
    .map((mail) => decodeQuotedPrintable(mail.raw));
};
