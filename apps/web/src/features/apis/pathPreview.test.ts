import { designMessages } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { previewPath } from './pathPreview';

describe('path preview', () => {
  it('lists path parameters as the template is typed', () => {
    expect(previewPath('/pets/{pe')).toEqual({ parameters: [], problem: designMessages.pathMalformed });
    expect(previewPath('/pets/{petId}')).toEqual({ parameters: ['petId'] });
    expect(previewPath('/owners/{ownerId}/pets/{petId}.json').parameters).toEqual(['ownerId', 'petId']);
  });

  it('says what is wrong with a template the API cannot hold', () => {
    expect(previewPath('pets').problem).toBe(designMessages.pathStart);
    expect(previewPath('/a/{id}/b/{id}').problem).toBe(designMessages.pathDuplicateParameter('id'));
    expect(previewPath('')).toEqual({ parameters: [] });
  });
});
