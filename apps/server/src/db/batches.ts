/**
 * How calls of one statement are gathered: at most `inFlight` batches at the database at once, each of
 * at most `maxCalls` calls and `maxWeight` of their inputs' weight (a heavier input goes alone).
 */
export interface BatchLimits<In> {
  inFlight: number;
  maxCalls: number;
  maxWeight?: number;
  weigh?: (input: In) => number;
}

interface Waiting<In, Out> {
  input: In;
  resolve(output: Out): void;
  reject(error: unknown): void;
}

/**
 * Calls of one statement sent as batches, each one statement over many rows (`send` answers one
 * output per input, in order). A lone call goes at once, with those made in the same turn of the
 * event loop; under load, the calls made while the batches in flight are at the database go
 * together in the next one, so a round trip serves as many calls as arrived during the last. A
 * batch that fails is sent again one call at a time: a call fails for its own sake only.
 *
 * DataLoader gathers calls by turn of the event loop and sends every batch at once, without bound:
 * under load that is many small batches side by side, each a round trip. Bounding what is in flight
 * is what lets a batch grow with the load, and that is this function's whole purpose.
 */
export function batched<In, Out>(
  send: (inputs: In[]) => Promise<Out[]>,
  limits: BatchLimits<In>,
): (input: In) => Promise<Out> {
  const queue: Waiting<In, Out>[] = [];
  let inFlight = 0;
  let scheduled = false;
  const weigh = limits.weigh ?? (() => 0);
  const maxWeight = limits.maxWeight ?? Number.POSITIVE_INFINITY;

  /** The next batch: calls from the front of the queue, within the limits (the first one always). */
  function take(): Waiting<In, Out>[] {
    let count = 1;
    let weight = weigh(queue[0].input);
    while (count < queue.length && count < limits.maxCalls) {
      const next = weigh(queue[count].input);
      if (weight + next > maxWeight) break;
      weight += next;
      count += 1;
    }
    return queue.splice(0, count);
  }

  async function run(batch: Waiting<In, Out>[]): Promise<void> {
    try {
      const outputs = await send(batch.map((call) => call.input));
      for (const [n, call] of batch.entries()) call.resolve(outputs[n] as Out);
    } catch (error) {
      if (batch.length === 1) batch[0].reject(error);
      else for (const call of batch) await run([call]);
    }
  }

  function dispatch(): void {
    scheduled = false;
    while (queue.length > 0 && inFlight < limits.inFlight) {
      inFlight += 1;
      void run(take()).finally(() => {
        inFlight -= 1;
        dispatch();
      });
    }
  }

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (scheduled || inFlight >= limits.inFlight) return;
      scheduled = true;
      setImmediate(dispatch);
    });
}
