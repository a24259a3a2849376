import { describe, expect, it } from 'vitest';
import { orderedBatches, pagedBatches } from './export-source';

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

describe('orderedBatches', () => {
  const letters = ['a', 'b', 'c', 'd', 'e'];

  it("reads the ids once and the rows a batch at a time, in the ids' order, leaving out a row gone since", async () => {
    let idReads = 0;
    const asked: string[][] = [];
    const batches: string[][] = [];
    const source = orderedBatches(
      async () => {
        idReads += 1;
        return letters;
      },
      async (ids) => {
        asked.push([...ids]);
        return ids.filter((id) => id !== 'c').map((id) => id.toUpperCase());
      },
      2,
    );
    for await (const batch of source) batches.push(batch);
    expect(idReads).toBe(1);
    expect(asked).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(batches).toEqual([['A', 'B'], ['D'], ['E']]);
  });

  it('yields nothing for no ids, and reads no further batch once the consumer stops', async () => {
    const none = orderedBatches(
      async () => [],
      async () => ['never'],
      2,
    );
    for await (const _batch of none) throw new Error('no batch expected');
    let reads = 0;
    const source = orderedBatches(
      async () => letters,
      async (ids) => {
        reads += 1;
        return [...ids];
      },
      2,
    );
    for await (const _batch of source) break;
    expect(reads).toBe(1);
  });
});
