import { describe, expect, it } from 'vitest';
import { REQUEST_MEDIA_TYPES, requestMediaTypeOptions } from './requestMediaTypes';

describe('the media types a request body may be designed in', () => {
  it('offers the types the sandbox validates, JSON first', () => {
    expect(requestMediaTypeOptions('application/json')).toEqual([...REQUEST_MEDIA_TYPES]);
    expect(requestMediaTypeOptions('application/json')[0]).toBe('application/json');
  });

  it('keeps offering a type an imported endpoint declares, even one it would not offer', () => {
    const options = requestMediaTypeOptions('application/vnd.pets+json');
    expect(options).toContain('application/vnd.pets+json');
    expect(options).toContain('multipart/form-data');
  });
});
