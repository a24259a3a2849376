import type { ValidationMessage } from './fake-http';
import { type FakeAddressText, type FakeCountry, NORWAY } from './fake-state';

/** How the fake reads a JSON field: strictly, so the adapter's mistakes show up as Tripletex's 422s. */
export type FieldKind = 'text' | 'flag' | 'number' | 'decimal' | 'money' | 'ref' | 'address' | 'date';
export type AddressInput = Partial<FakeAddressText> & { id?: number; country?: FakeCountry };

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Read = { ok: true; value: unknown } | { ok: false; message: string };

const readAddress = (raw: Record<string, unknown>): Read => {
  const address: AddressInput = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'id' || key === 'version') {
      if (typeof value !== 'number') return { ok: false, message: `${key} must be a number` };
      if (key === 'id') address.id = value;
    } else if (key === 'addressLine1' || key === 'addressLine2' || key === 'postalCode' || key === 'city') {
      if (typeof value !== 'string' && value !== null) return { ok: false, message: `${key} must be text` };
      address[key] = value ?? '';
    } else if (key === 'country') {
      if (!isRecord(value)) return { ok: false, message: 'country must be a reference' };
      const isNorway = value.id === NORWAY.id || value.isoAlpha2Code === 'NO';
      if (!isNorway && typeof value.id !== 'number') return { ok: false, message: 'Unknown country' };
      address.country = isNorway
        ? NORWAY
        : { id: Number(value.id), isoAlpha2Code: String(value.isoAlpha2Code ?? '') };
    } else if (key !== 'url') {
      return { ok: false, message: `Unknown field ${key}` };
    }
  }
  return { ok: true, value: address };
};

/**
 * An amount in NOK as the JSON number's shortest text, at most two decimals, read as øre. Stricter than
 * Tripletex on purpose: a client that computes NOK in floating point sends `1234.5600000000002`, and
 * this is where that shows up.
 */
const readMoney = (raw: unknown): Read => {
  if (raw === null) return { ok: true, value: 0 };
  const match = typeof raw === 'number' ? /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(raw)) : null;
  if (!match) return { ok: false, message: 'Must be an amount with at most two decimals' };
  const [, minus, kroner, decimals = ''] = match;
  const ore = Number(kroner) * 100 + Number(decimals.padEnd(2, '0'));
  return { ok: true, value: minus ? -ore : ore };
};

const readValue = (kind: FieldKind, raw: unknown): Read => {
  switch (kind) {
    case 'text':
      return typeof raw === 'string' || raw === null
        ? { ok: true, value: raw ?? '' }
        : { ok: false, message: 'Must be text' };
    case 'flag':
      return typeof raw === 'boolean'
        ? { ok: true, value: raw }
        : { ok: false, message: 'Must be true or false' };
    case 'number':
      if (raw === null) return { ok: true, value: 0 };
      return Number.isInteger(raw) && Number(raw) >= 0
        ? { ok: true, value: raw }
        : { ok: false, message: 'Must be a whole number' };
    case 'decimal':
      if (raw === null) return { ok: true, value: 0 };
      return typeof raw === 'number' && Number.isFinite(raw)
        ? { ok: true, value: raw }
        : { ok: false, message: 'Must be a number' };
    case 'money':
      return readMoney(raw);
    case 'date':
      if (raw === null) return { ok: true, value: null };
      return typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw)
        ? { ok: true, value: raw }
        : { ok: false, message: 'Must be a date (YYYY-MM-DD)' };
    case 'ref':
      if (raw === null) return { ok: true, value: null };
      return isRecord(raw) && typeof raw.id === 'number'
        ? { ok: true, value: raw.id }
        : { ok: false, message: 'Must be a reference {id}' };
    case 'address':
      return isRecord(raw) ? readAddress(raw) : { ok: false, message: 'Must be an address object' };
  }
};

/**
 * Reads the known fields of a body; unknown fields are refused as Tripletex refuses them, while
 * `ignored` ones (read-only fields such as `url`) are skipped. References come back as their id.
 */
export const readFields = (
  body: Record<string, unknown>,
  spec: Record<string, FieldKind>,
  ignored: readonly string[],
) => {
  const values: Record<string, unknown> = {};
  const errors: ValidationMessage[] = [];
  for (const [key, raw] of Object.entries(body)) {
    if (ignored.includes(key)) continue;
    const kind = spec[key];
    if (!kind) {
      errors.push({ field: key, message: 'Unknown field' });
      continue;
    }
    const read = readValue(kind, raw);
    if (read.ok) values[key] = read.value;
    else errors.push({ field: key, message: read.message });
  }
  return { values, errors };
};

/** Checks what a POST may not carry and a PUT must agree with: `id` and `version`. */
export const checkIdentity = (body: Record<string, unknown>, mode: 'create' | { id: number }) => {
  const errors: ValidationMessage[] = [];
  if (mode === 'create') {
    for (const key of ['id', 'version'] as const) {
      if (body[key] !== undefined && body[key] !== null)
        errors.push({ field: key, message: 'Must not be set when creating' });
    }
  } else if (body.id !== undefined && body.id !== mode.id) {
    errors.push({ field: 'id', message: 'Does not match the id in the path' });
  }
  return errors;
};
