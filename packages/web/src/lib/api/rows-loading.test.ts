import { describe, expect, it } from 'vitest';
import { areRowsLoading } from './rows-loading';

describe('areRowsLoading', () => {
  it('is true while the first rows load', () => {
    expect(areRowsLoading({ isFetching: true, isPlaceholderData: false, data: undefined })).toBe(true);
  });

  it('is true while the previous filters’ rows stand in for the new ones', () => {
    expect(areRowsLoading({ isFetching: true, isPlaceholderData: true, data: { items: [] } })).toBe(true);
  });

  it('is false while the rows on screen are refreshed, so they stay clickable', () => {
    expect(areRowsLoading({ isFetching: true, isPlaceholderData: false, data: { items: [] } })).toBe(false);
  });

  it('is false when nothing is fetched, with or without rows', () => {
    expect(areRowsLoading({ isFetching: false, isPlaceholderData: false, data: undefined })).toBe(false);
    expect(areRowsLoading({ isFetching: false, isPlaceholderData: false, data: { items: [] } })).toBe(false);
  });
});
