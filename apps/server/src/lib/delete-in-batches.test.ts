import { describe, expect, it } from 'vitest';
import { deleteInBatches } from './delete-in-batches.ts';

/** A table of `rows` rows that deletes at most `limit` per call, counting the calls. */
function table(rows: number) {
  const calls: number[] = [];
  return {
    calls,
    deleteBatch: (limit: number) => {
      const batch = Math.min(limit, rows);
      rows -= batch;
      calls.push(batch);
      return Promise.resolve(batch);
    },
  };
}

describe('deleteInBatches', () => {
  it('deletes batch after batch until one comes back short', async () => {
    const t = table(25);
    expect(await deleteInBatches(t.deleteBatch, 10)).toBe(25);
    expect(t.calls).toEqual([10, 10, 5]);
  });

  it('asks once more after an exact multiple, and once when nothing is left', async () => {
    const t = table(20);
    expect(await deleteInBatches(t.deleteBatch, 10)).toBe(20);
    expect(t.calls).toEqual([10, 10, 0]);
    expect(await deleteInBatches(t.deleteBatch, 10)).toBe(0);
  });

  it('stops between batches once the signal aborts', async () => {
    const t = table(100);
    const stopping = new AbortController();
    const deleteBatch = async (limit: number) => {
      const batch = await t.deleteBatch(limit);
      if (t.calls.length === 2) stopping.abort();
      return batch;
    };
    expect(await deleteInBatches(deleteBatch, 10, stopping.signal)).toBe(20);
    expect(t.calls).toEqual([10, 10]);
  });
});
