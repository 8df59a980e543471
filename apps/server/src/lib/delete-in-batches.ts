/**
 * Runs `deleteBatch(batchSize)` until a batch deletes fewer than `batchSize` rows, each batch
 * its own statement: purging a large backlog never holds a table's locks for long, and other
 * writes go on between batches. Stops between batches once `signal` aborts (shutdown; the next
 * run picks up the rest). Answers how many rows went.
 */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  batchSize: number,
  signal?: AbortSignal,
): Promise<number> {
  let deleted = 0;
  while (signal?.aborted !== true) {
    const batch = await deleteBatch(batchSize);
    deleted += batch;
    if (batch < batchSize) break;
  }
  return deleted;
}
