import { describe, expect, it } from 'vitest';
import { pagedBatches } from './export-source';

const pagesOf = async (rows: number[], batchSize: number) => {
  const asked: number[] = [];
  const batches: number[][] = [];
  const source = pagedBatches(async (page, pageSize) => {
    asked.push(page);
    return { items: rows.slice((page - 1) * pageSize, page * pageSize) };
  }, batchSize);
  for await (const batch of source) batches.push(batch);
  return { asked, batches };
};

describe('pagedBatches', () => {
  it('reads page after page until a short page, and yields every row once in order', async () => {
    const { asked, batches } = await pagesOf([1, 2, 3, 4, 5], 2);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at an empty page when the rows fill the last page exactly, and yields nothing for none', async () => {
    expect(await pagesOf([1, 2, 3, 4], 2)).toEqual({
      asked: [1, 2, 3],
      batches: [
        [1, 2],
        [3, 4],
      ],
    });
    expect(await pagesOf([], 2)).toEqual({ asked: [1], batches: [] });
  });

  it('reads no further page once the consumer stops', async () => {
    let asked = 0;
    const source = pagedBatches(async (_page, pageSize) => {
      asked += 1;
      return { items: Array.from({ length: pageSize }, (_, index) => index) };
    }, 3);
    for await (const _batch of source) break;
    expect(asked).toBe(1);
  });
});
