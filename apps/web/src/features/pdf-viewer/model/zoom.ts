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
