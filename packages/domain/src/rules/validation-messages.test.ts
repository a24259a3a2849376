import { describe, expect, it } from 'vitest';
import en from '../i18n/en/validation.json' with { type: 'json' };
import nb from '../i18n/nb/validation.json' with { type: 'json' };
import {
  englishMessageOf,
  messageKeyToI18n,
  messageWithParams,
  parseMessage,
  VALIDATION_MESSAGE_KEYS,
} from './validation-messages';

describe('VALIDATION_MESSAGE_KEYS', () => {
  it('is validation.<name> for every name', () => {
    for (const [name, key] of Object.entries(VALIDATION_MESSAGE_KEYS)) expect(key).toBe(`validation.${name}`);
  });

  it('has a text in both languages for every key, and no text without a key', () => {
    const names = Object.keys(VALIDATION_MESSAGE_KEYS).sort();
    expect(Object.keys(en).sort()).toEqual(names);
    expect(Object.keys(nb).sort()).toEqual(names);
  });

  it('keeps the spec wording in English', () => {
    expect(en).toMatchObject({
      mustBe9Characters: 'Must be 9 characters',
      norwegianNameRequired: 'Norwegian name is required',
      englishNameRequired: 'English name is required',
      subProcessNorwegianNameRequired: 'Sub process norwegian name is required',
      subProcessEnglishNameRequired: 'Sub process english name is required',
      nameTooLong: 'Cannot exceed 15 characters',
      mustSelectCustomer: 'You must select a customer',
      pleaseSelectCustomer: 'Please select a customer',
      noCustomerSelected: 'No customer selected!',
      fillAllCustomerContactFields: 'You must fill out all customer & contact fields',
      quantityRequired: 'You must add a quantity!',
      passwordsDontMatch: "Passwords don't match.",
      allFieldsRequired: 'All fields must be filled',
      companyRequired: 'Please select a company',
      dateNotValid: 'date is not valid',
      deliveryPostponed: 'Not possible to reach delivery date; delivery date will get postponed',
    });
  });

  it('interpolates {{max}} in tooLong in both languages', () => {
    expect(en.tooLong).toContain('{{max}}');
    expect(nb.tooLong).toContain('{{max}}');
  });
});

describe('messageKeyToI18n', () => {
  it('turns the dot into the i18next namespace colon', () => {
    expect(messageKeyToI18n(VALIDATION_MESSAGE_KEYS.mustBe9Characters)).toBe('validation:mustBe9Characters');
    expect(messageKeyToI18n('validation.anything')).toBe('validation:anything');
  });
});

describe('messages with parameters', () => {
  it('round-trips a key and its placeholder values', () => {
    const message = messageWithParams(VALIDATION_MESSAGE_KEYS.tooLong, { max: 200 });
    expect(message).toBe('validation.tooLong?max=200');
    expect(parseMessage(message)).toEqual({ key: 'validation.tooLong', params: { max: '200' } });
    expect(parseMessage('validation.required')).toEqual({ key: 'validation.required', params: {} });
  });
});

describe('englishMessageOf', () => {
  it('has an English text for every validation key', () => {
    for (const key of Object.values(VALIDATION_MESSAGE_KEYS)) {
      expect(englishMessageOf(key), key).toEqual(expect.stringMatching(/\S/));
    }
  });

  it('answers the English of SPEC §5 for a key', () => {
    expect(englishMessageOf(VALIDATION_MESSAGE_KEYS.mustBe9Characters)).toBe('Must be 9 characters');
    expect(englishMessageOf(VALIDATION_MESSAGE_KEYS.mustSelectCustomer)).toBe('You must select a customer');
  });

  it('fills the placeholders from the parameters, leaving a missing one as it is', () => {
    expect(englishMessageOf(messageWithParams(VALIDATION_MESSAGE_KEYS.tooLong, { max: 200 }))).toBe(
      'Too long: at most 200 characters',
    );
    expect(englishMessageOf(VALIDATION_MESSAGE_KEYS.tooMany)).toBe('At most {{max}}');
  });

  it('answers undefined for text that is not a known key', () => {
    expect(englishMessageOf('Not authorized')).toBeUndefined();
    expect(englishMessageOf('validation.noSuchKey')).toBeUndefined();
    expect(englishMessageOf('validation.toString')).toBeUndefined();
    expect(englishMessageOf('')).toBeUndefined();
  });
});
