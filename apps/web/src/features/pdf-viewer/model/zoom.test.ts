import { describe, expect, it } from 'vitest';
import { canZoomIn, canZoomOut, FIT_WIDTH, pageWidth, zoomIn, zoomOut } from './zoom';

describe('viewer zoom', () => {
  it('steps in and out around fit width and comes back to it', () => {
    expect(zoomIn(FIT_WIDTH)).toBe(1.25);
    expect(zoomOut(zoomIn(FIT_WIDTH))).toBe(FIT_WIDTH);
    expect(zoomOut(FIT_WIDTH)).toBe(0.75);
  });

  it('stops at the ends', () => {
    expect(zoomIn(3)).toBe(3);
    expect(canZoomIn(3)).toBe(false);
    expect(zoomOut(0.5)).toBe(0.5);
    expect(canZoomOut(0.5)).toBe(false);
    expect(canZoomOut(0.75)).toBe(true);
  });

  it('renders the page at the container width times the zoom, with a floor', () => {
    expect(pageWidth(400, 1)).toBe(400);
    expect(pageWidth(400, 1.25)).toBe(500);
    expect(pageWidth(100, 0.5)).toBe(120);
  });
});
