import { type KeyboardEvent, type PointerEvent, useEffect, useRef } from 'react';
import { FRAME_MAX, RESIZE_HANDLE_HEIGHT, USER_FRAME_MIN, clampUserHeight } from '../hooks/frame-size';
const STEP = 20;
const PAGE_STEP = 200;

/**
 * The bar under a viewport-sized artifact's frame: drag it, or focus it and use the arrow keys,
 * Page Up / Page Down (Shift: five times as far) or Home (smallest).
 */
export function FrameResizeHandle({
  height,
  onResize,
  onResizeEnd,
  onDragging,
}: {
  height: number;
  onResize: (height: number) => void;
  /** The user let go (pointer up, or a key): a good moment to remember the height. */
  onResizeEnd: (height: number) => void;
  /** While dragging the frame must not take pointer events (a cross-origin frame swallows them). */
  onDragging?: (dragging: boolean) => void;
}) {
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  // Moves are followed on the window: the pointer leaves the thin bar at once.
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const start = { y: e.clientY, h: height };
    let last = height;
    const move = (ev: globalThis.PointerEvent) => {
      last = clampUserHeight(start.h + ev.clientY - start.y);
      onResize(last);
    };
    const up = () => {
      stop.current?.();
      onResizeEnd(last);
    };
    stop.current = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      stop.current = null;
      onDragging?.(false);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
    onDragging?.(true);
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
      onKeyDown={onKeyDown}
      style={{
        height: RESIZE_HANDLE_HEIGHT,
        boxSizing: 'border-box',
        cursor: 'ns-resize',
        touchAction: 'none',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'var(--cv-tint)',
        borderTop: '1px solid var(--cv-border)',
      }}
    >
      <span
        aria-hidden="true"
        style={{ width: 40, height: 4, borderRadius: 2, background: 'var(--cv-input-border)' }}
      />
    </div>
  );
}
