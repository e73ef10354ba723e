/**
 * The viewer's zoom (decision 0612): a factor of the page's width fitted to the screen's width
 * (1 = fit width), in fixed steps so that zooming in then out comes back to the same size.
 */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
export const FIT_WIDTH = 1;

export function zoomIn(current: number): number {
  return ZOOM_STEPS.find((step) => step > current + 1e-9) ?? current;
}

export function zoomOut(current: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < current - 1e-9) ?? current;
}

export const canZoomIn = (current: number) => zoomIn(current) !== current;
export const canZoomOut = (current: number) => zoomOut(current) !== current;

/** The page's rendered width in CSS pixels: the container's width times the zoom, never below 120. */
export function pageWidth(containerWidth: number, zoom: number): number {
  return Math.max(120, Math.floor(containerWidth * zoom));
}

/**
 * The zoom a pinch leads to: the zoom when the two fingers touched times how far apart they are
 * now against then, kept between the first and the last step (two hundredths, so that a still
 * hand does not redraw the pages at every move).
 */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (!(startDistance > 0) || !(distance > 0)) return startZoom;
  const raw = (startZoom * distance) / startDistance;
  const bounded = Math.min(ZOOM_STEPS[ZOOM_STEPS.length - 1], Math.max(ZOOM_STEPS[0], raw));
  return Math.round(bounded * 100) / 100;
}
