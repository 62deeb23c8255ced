/**
 * Reads the first `count` items of a source before anything is sent, so a failure there (the first
 * database batch of an export) is answered as an ordinary error instead of a 200 whose body stops
 * short. The items read are replayed, then the rest of the source follows as it comes.
 */
export async function primed<T>(source: AsyncIterable<T>, count: number): Promise<AsyncIterable<T>> {
  const iterator = source[Symbol.asyncIterator]();
  const head: T[] = [];
  let finished = false;
  while (head.length < count) {
    const next = await iterator.next();
    if (next.done) {
      finished = true;
      break;
    }
    head.push(next.value);
  }
  return (async function* () {
    yield* head;
    if (finished) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  })();
}
