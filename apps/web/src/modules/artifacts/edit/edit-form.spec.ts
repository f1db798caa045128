import { ApiError } from '../../../lib/api/errors';
import { changedFields, editBody, editProblem, fieldsOf, isEditConflict, saveFailure } from './edit-form';

const stored = {
  title: 'Sales chart',
  description: 'Monthly *sales*',
  tags: ['sales', 'q3'],
  type: 'HTML' as const,
  content: '<p>v1</p>',
};
const opened = fieldsOf(stored);

describe('edit form', () => {
  it('opens with the stored values, tags as editable text', () => {
    expect(opened).toEqual({
      title: 'Sales chart',
      description: 'Monthly *sales*',
      tags: 'sales, q3',
      type: 'HTML',
      content: '<p>v1</p>',
      versionNote: '',
    });
    expect(fieldsOf({ ...stored, type: 'UNKNOWN' }).type).toBe('HTML');
  });

  it('sends nothing when nothing changed — reformatted tags and surrounding spaces are no change', () => {
    expect(editBody(opened, { ...opened, tags: ' sales ,q3,, sales', title: ' Sales chart ' }, 4)).toBeNull();
    expect(changedFields(opened, opened)).toEqual([]);
  });

  it('sends only the changed fields with the revision the form opened at', () => {
    expect(editBody(opened, { ...opened, title: ' New title ', tags: 'sales' }, 7)).toEqual({
      revision: 7,
      title: 'New title',
      tags: ['sales'],
    });
    expect(editBody(opened, { ...opened, description: '' }, 7)).toEqual({ revision: 7, description: '' });
  });

  it('sends the version note only with a change that makes a version (content or type)', () => {
    expect(editBody(opened, { ...opened, content: '<p>v2</p>', versionNote: ' Fixed axis ' }, 2)).toEqual({
      revision: 2,
      content: '<p>v2</p>',
      versionNote: 'Fixed axis',
    });
    expect(editBody(opened, { ...opened, type: 'SVG', versionNote: 'x' }, 2)).toMatchObject({
      type: 'SVG',
      versionNote: 'x',
    });
    expect(editBody(opened, { ...opened, title: 'T', versionNote: 'ignored' }, 2)).toEqual({
      revision: 2,
      title: 'T',
    });
  });

  it('applies the upload limits and messages, and the version note limit', () => {
    expect(editProblem({ ...opened, title: ' ' })).toBe('Title, type and content are required.');
    expect(editProblem({ ...opened, content: 'a'.repeat(500_001) })).toBe(
      'Content is too large. Maximum allowed size is 500000 characters.',
    );
    expect(editProblem({ ...opened, title: 't'.repeat(201) })).toBe(
      'Title is too long. Maximum 200 characters allowed.',
    );
    expect(editProblem({ ...opened, description: 'd'.repeat(2001) })).toBe(
      'Description is too long. Maximum 2000 characters allowed.',
    );
    expect(editProblem({ ...opened, tags: 'x'.repeat(51) })).toBe('Each tag can be at most 50 characters.');
    expect(editProblem({ ...opened, versionNote: 'n'.repeat(201) })).toBe(
      'Version note is too long. Maximum 200 characters allowed.',
    );
    expect(
      editProblem({ ...opened, description: 'd'.repeat(2000), versionNote: 'n'.repeat(200) }),
    ).toBeNull();
  });

  it('tells an edit conflict from other refusals', () => {
    const conflict = new ApiError(409, 'ARTIFACT_EDIT_CONFLICT', 'This artifact was changed…');
    expect(isEditConflict(conflict)).toBe(true);
    expect(isEditConflict(new ApiError(409, 'CONFLICT', 'x'))).toBe(false);
    expect(isEditConflict(new Error('x'))).toBe(false);
    expect(saveFailure(new ApiError(400, 'VALIDATION_ERROR', 'Title is too long.'))).toBe(
      'Title is too long.',
    );
    expect(saveFailure(new Error('boom'))).toBe('Could not save your changes. Please try again.');
  });
});
