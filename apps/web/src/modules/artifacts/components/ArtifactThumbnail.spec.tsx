import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { ArtifactThumbnail } from './ArtifactThumbnail';

const png = () => new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/webp' }));

describe('ArtifactThumbnail', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    URL.createObjectURL = vi.fn(() => 'blob:thumb');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the placeholder while the picture is pending, then the picture of that version', async () => {
    const send = vi
      .spyOn(api, 'send')
      .mockRejectedValueOnce(new ApiError(404, 'THUMBNAIL_PENDING', 'not ready'))
      .mockResolvedValueOnce(png());
    render(<ArtifactThumbnail id="a1" version={3} type="HTML" />);
    expect(screen.getByTestId('thumbnail-placeholder').textContent).toBe('HTML');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByTestId('artifact-thumbnail').getAttribute('src')).toBe('blob:thumb');
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[1]).toEqual({ params: { id: 'a1' }, query: { size: 'card', v: '3' } });
  });

  it('keeps the placeholder, without asking again, when no picture could be made', async () => {
    const send = vi.spyOn(api, 'send').mockRejectedValue(new ApiError(404, 'THUMBNAIL_UNAVAILABLE', 'none'));
    render(<ArtifactThumbnail id="a1" version={1} type="SVG" />);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByTestId('thumbnail-placeholder')).toBeTruthy();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
