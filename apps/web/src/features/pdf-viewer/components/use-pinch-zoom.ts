import { useEffect, useRef, type RefObject } from 'react';
import { pinchZoom } from '../model/zoom';

/**
 * Two fingers on the pages zoom them (decision 1205). While the fingers move, the pages are only
 * scaled by the browser (no redraw); when they lift, the new zoom is given to `onZoom` and the pages
 * are drawn again at that width, sharp at the screen's pixel density. The frame carries
 * `touch-action: pan-x pan-y`, so one finger still scrolls and the browser leaves the pinch to us.
 */
export function usePinchZoom(frame: RefObject<HTMLElement | null>, zoom: number, onZoom: (zoom: number) => void): void {
  const current = useRef({ zoom, onZoom });
  current.current = { zoom, onZoom };

  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const fingers = new Map<number, { x: number; y: number }>();
    let start: { distance: number; zoom: number } | null = null;
    let next: number | null = null;
    const distance = () => {
      const [a, b] = [...fingers.values()];
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    const content = () => root.firstElementChild as HTMLElement | null;

    const down = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      fingers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (fingers.size === 2) {
        start = { distance: distance(), zoom: current.current.zoom };
        next = null;
      }
    };
    const move = (event: PointerEvent) => {
      if (!fingers.has(event.pointerId)) return;
      fingers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (!start || fingers.size !== 2) return;
      next = pinchZoom(start.zoom, start.distance, distance());
      const el = content();
      if (el) {
        el.style.transformOrigin = `${root.scrollLeft}px ${root.scrollTop}px`;
        el.style.transform = `scale(${next / start.zoom})`;
      }
    };
    const up = (event: PointerEvent) => {
      if (!fingers.delete(event.pointerId) || !start || fingers.size >= 2) return;
      const el = content();
      if (el) el.style.transform = '';
      if (next !== null && next !== start.zoom) current.current.onZoom(next);
      start = null;
      next = null;
    };
    root.addEventListener('pointerdown', down);
    root.addEventListener('pointermove', move);
    root.addEventListener('pointerup', up);
    root.addEventListener('pointercancel', up);
    return () => {
      root.removeEventListener('pointerdown', down);
      root.removeEventListener('pointermove', move);
      root.removeEventListener('pointerup', up);
      root.removeEventListener('pointercancel', up);
    };
  }, [frame]);
}
