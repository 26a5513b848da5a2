import { describe, expect, it } from 'vitest';
import { batched } from './batches.js';

/** A statement that records the batches it is sent and answers each when told to. */
function slowStatement(answer: (input: number) => number = (n) => n * 10) {
  const sent: number[][] = [];
  const pending: (() => void)[] = [];
  const send = (inputs: number[]) =>
    new Promise<number[]>((resolve, reject) => {
      sent.push(inputs);
      pending.push(() => {
        try {
          resolve(inputs.map(answer));
        } catch (error) {
          reject(error);
        }
      });
    });
  const answerNext = async () => {
    while (pending.length === 0) await new Promise((resolve) => setImmediate(resolve));
    (pending.shift() as () => void)();
  };
  return { send, sent, answerNext };
}

describe('calls sent in batches', () => {
  it('sends a lone call at once, with those made in the same turn', async () => {
    const statement = slowStatement();
    const call = batched(statement.send, { inFlight: 1, maxCalls: 100 });
    const first = [call(1), call(2)];
    await statement.answerNext();
    expect(await Promise.all(first)).toEqual([10, 20]);
    expect(statement.sent).toEqual([[1, 2]]);
  });

  it('gathers the calls made while a batch is out into the next one, each answered with its own', async () => {
    const statement = slowStatement();
    const call = batched(statement.send, { inFlight: 1, maxCalls: 100 });
    const first = call(1);
    while (statement.sent.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const later = [call(2), call(3), call(4)];
    await statement.answerNext();
    await statement.answerNext();
    expect([await first, ...(await Promise.all(later))]).toEqual([10, 20, 30, 40]);
    expect(statement.sent).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps each batch within its count and weight, a heavier call going alone', async () => {
    const statement = slowStatement();
    const call = batched(statement.send, { inFlight: 1, maxCalls: 2, maxWeight: 100, weigh: (n) => n });
    const calls = [1, 2, 3, 500, 4].map((n) => call(n));
    for (let n = 0; n < 4; n++) await statement.answerNext();
    expect(await Promise.all(calls)).toEqual([10, 20, 30, 5000, 40]);
    expect(statement.sent).toEqual([[1, 2], [3], [500], [4]]);
  });

  it('sends a failed batch again a call at a time, so that only the call at fault fails', async () => {
    const statement = slowStatement((n) => {
      if (n === 13) throw new Error('refused');
      return n * 10;
    });
    const call = batched(statement.send, { inFlight: 1, maxCalls: 100 });
    const calls = [12, 13, 14].map((n) => call(n).catch((error: Error) => error.message));
    for (let n = 0; n < 4; n++) await statement.answerNext();
    expect(await Promise.all(calls)).toEqual([120, 'refused', 140]);
    expect(statement.sent).toEqual([[12, 13, 14], [12], [13], [14]]);
  });
});
