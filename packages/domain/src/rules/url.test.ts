import { describe, expect, it } from 'vitest';
import { isValidUrl, validateUrl } from './url';

describe('isValidUrl', () => {
  it.each([
    '',
    '   ',
    'http://example.com',
    'https://example.com',
    'HTTPS://EXAMPLE.COM/Path?q=1#top',
    'https://www.karm.no/service/123',
    'http://localhost:3000',
    'https://192.168.0.1/x',
    ' https://example.com ',
    'https://bøker.no',
  ])('accepts %j', (value) => {
    expect(isValidUrl(value)).toBe(true);
    expect(validateUrl(value)).toBeNull();
  });

  it.each([
    'example.com',
    'www.example.com',
    'ftp://example.com',
    'mailto:post@example.com',
    'javascript:alert(1)',
    'http:example.com',
    'http://',
    'https://',
    'http:// example.com',
    '//example.com',
    'just text',
  ])('rejects %j', (value) => {
    expect(isValidUrl(value)).toBe(false);
    expect(validateUrl(value)).toBe('validation.urlInvalid');
  });
});
