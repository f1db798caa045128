import { ApiError } from '../../lib/api/errors';
import { createBody, emptyUpload, uploadFailure, uploadProblem } from './upload-form';

const now = new Date('2025-01-02T03:04:05.000Z');

describe('upload form', () => {
  it('requires title and content, then checks size and title length', () => {
    expect(uploadProblem(emptyUpload)).toBe('Title, type and content are required.');
    expect(uploadProblem({ ...emptyUpload, title: 'x', content: 'a'.repeat(500_001) })).toBe(
      'Content is too large. Maximum allowed size is 500000 characters.',
    );
    expect(uploadProblem({ ...emptyUpload, title: 't'.repeat(201), content: 'a' })).toBe(
      'Title is too long. Maximum 200 characters allowed.',
    );
    expect(uploadProblem({ ...emptyUpload, title: 'ok', content: 'a'.repeat(500_000) })).toBeNull();
  });

  it('limits the description to 2,000 characters with the API message', () => {
    const base = { ...emptyUpload, title: 'ok', content: 'a' };
    expect(uploadProblem({ ...base, description: 'd'.repeat(2001) })).toBe(
      'Description is too long. Maximum 2000 characters allowed.',
    );
    expect(uploadProblem({ ...base, description: 'd'.repeat(2000) })).toBeNull();
  });

  it('refuses tags the API would refuse, with its messages', () => {
    const base = { ...emptyUpload, title: 'ok', content: 'a' };
    expect(uploadProblem({ ...base, tags: 't'.repeat(51) })).toBe('Each tag can be at most 50 characters.');
    expect(uploadProblem({ ...base, tags: Array.from({ length: 51 }, (_, i) => `t${i}`).join(',') })).toBe(
      'Too many tags. Maximum 50 tags allowed.',
    );
  });

  it('sends the description on create only when there is one', () => {
    const base = { ...emptyUpload, title: 'Chart', content: '<svg></svg>', type: 'SVG' as const };
    expect(createBody({ ...base, description: '  **Sales** by month\n' }, now)).toMatchObject({
      description: '**Sales** by month',
    });
    expect(createBody({ ...base, description: ' \n ' }, now)).not.toHaveProperty('description');
  });

  it('parses tags: split on commas, trimmed, empties dropped, omitted when none', () => {
    const base = { ...emptyUpload, title: ' Chart ', content: '<svg></svg>', type: 'SVG' as const };
    expect(createBody({ ...base, tags: ' a, b ,, a ,c ' }, now)).toEqual({
      title: 'Chart',
      type: 'SVG',
      content: '<svg></svg>',
      isPublic: false,
      metadata: { extractedAt: now.toISOString() },
      tags: ['a', 'b', 'c'],
    });
    expect(createBody({ ...base, tags: ' , ,' }, now)).not.toHaveProperty('tags');
  });

  it('words failures as the catalogue does', () => {
    expect(uploadFailure(new ApiError(0, 'NETWORK', 'x'))).toBe(
      'Network error. Please check your internet connection.',
    );
    expect(uploadFailure(new ApiError(502, 'HTTP_ERROR', 'HTTP error! status: 502'))).toBe(
      'HTTP error! status: 502',
    );
    expect(uploadFailure(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Content is too large.'))).toBe(
      'Error: Content is too large.',
    );
    expect(uploadFailure(new Error('?'))).toBe('Error uploading artifact. Please try again.');
  });
});
