import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { FRAME_MAX, USER_FRAME_MIN, clampUserHeight } from '../hooks/frame-size';

const STEP = 20;
const PAGE_STEP = 200;

/**
 * The bar under a viewport-sized artifact's frame: drag it (pointer capture, so the frame does
 * not swallow the moves) or focus it and use the arrow keys / Page Up / Page Down / Home.
 */
export function FrameResizeHandle({
  height,
  onResize,
  onResizeEnd,
}: {
  height: number;
  onResize: (height: number) => void;
  /** The user let go (pointer up, or a key): a good moment to remember the height. */
  onResizeEnd: (height: number) => void;
}) {
  const drag = useRef<{ y: number; h: number; last: number } | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { y: e.clientY, h: height, last: height };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    d.last = clampUserHeight(d.h + e.clientY - d.y);
    onResize(d.last);
  };
  const onPointerUp = () => {
    if (drag.current) onResizeEnd(drag.current.last);
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const delta: Record<string, number> = {
      ArrowUp: -STEP,
      ArrowDown: STEP,
      PageUp: -PAGE_STEP,
      PageDown: PAGE_STEP,
      Home: -FRAME_MAX,
    };
    const d = delta[e.key];
    if (d === undefined) return;
    e.preventDefault();
    const next = clampUserHeight(height + d * (e.shiftKey ? 5 : 1));
    onResize(next);
    onResizeEnd(next);
  };

  return (
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize artifact"
      aria-valuenow={height}
      aria-valuemin={USER_FRAME_MIN}
      aria-valuemax={FRAME_MAX}
      tabIndex={0}
      className="cv-frame-resize"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      style={{
        height: 12,
        cursor: 'ns-resize',
        touchAction: 'none',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f4f6fb',
        borderTop: '1px solid #e3e7f0',
      }}
    >
      <span aria-hidden="true" style={{ width: 40, height: 4, borderRadius: 2, background: '#b8c0d4' }} />
    </div>
  );
}
