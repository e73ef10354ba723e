import { describe, expect, it } from 'vitest';
import { canZoomIn, canZoomOut, FIT_WIDTH, pageWidth, pinchZoom, zoomIn, zoomOut } from './zoom';

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

  it('follows a pinch from the zoom it started at, between the first and the last step', () => {
    expect(pinchZoom(1, 100, 150)).toBe(1.5);
    expect(pinchZoom(1.5, 200, 100)).toBe(0.75);
    expect(pinchZoom(1, 100, 1000)).toBe(3);
    expect(pinchZoom(1, 100, 10)).toBe(0.5);
    expect(pinchZoom(1, 0, 120)).toBe(1);
    // A zoom between two steps goes on from there with the buttons.
    expect(zoomIn(1.3)).toBe(1.5);
    expect(zoomOut(1.3)).toBe(1.25);
  });
});
