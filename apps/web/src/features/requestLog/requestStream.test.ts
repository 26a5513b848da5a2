import { describe, expect, it } from 'vitest';
import { createEventParser, type ServerSentEvent } from './requestStream';

function parsed(chunks: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const feed = createEventParser((event) => events.push(event));
  for (const chunk of chunks) feed(chunk);
  return events;
}

describe('the live feed reader', () => {
  it('reads each event once its blank line arrives, whatever the chunks', () => {
    const text = 'event: request\ndata: {"id":1}\n\nevent: request\ndata: {"id":2}\n\n';
    const expected = [
      { event: 'request', data: '{"id":1}' },
      { event: 'request', data: '{"id":2}' },
    ];
    expect(parsed([text])).toEqual(expected);
    expect(parsed(text.split(''))).toEqual(expected);
    expect(parsed(['event: request\ndata: {"id":1}\n'])).toEqual([]);
  });

  it('reads CRLF line ends split between chunks, skips comments, and joins data lines', () => {
    const events = parsed([': keep-alive\r\n\r', '\nevent: request\r', '\ndata: a\r\ndata: b\r\n\r\n']);
    expect(events).toEqual([{ event: 'request', data: 'a\nb' }]);
  });

  it('names an event without a name "message"', () => {
    expect(parsed(['data:x\n\n'])).toEqual([{ event: 'message', data: 'x' }]);
  });
});
