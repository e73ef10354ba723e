import { describe, expect, it } from 'vitest';
import { pageWasRead, READ_THRESHOLDS } from './page-read';

const entry = (ratio: number, visibleHeight: number, frameHeight = 600) => ({
  isIntersecting: ratio > 0,
  intersectionRatio: ratio,
  intersectionRect: { height: visibleHeight } as DOMRectReadOnly,
  rootBounds: { height: frameHeight } as DOMRectReadOnly,
});

describe('a page of the document to sign counts as read', () => {
  it('once 60 % of it was on screen, not when glimpsed at the edge', () => {
    expect(pageWasRead(entry(0.2, 100))).toBe(false);
    expect(pageWasRead(entry(0.59, 295))).toBe(false);
    expect(pageWasRead(entry(0.6, 300))).toBe(true);
    expect(pageWasRead(entry(1, 500))).toBe(true);
    expect(pageWasRead({ ...entry(0, 0), isIntersecting: false })).toBe(false);
  });

  it('a page taller than the frame (zoomed in) once it filled 60 % of the frame', () => {
    // A page three frames tall is never 60 % on screen: its share of the frame decides.
    expect(pageWasRead(entry(0.1, 180, 600))).toBe(false);
    expect(pageWasRead(entry(0.2, 360, 600))).toBe(true);
    expect(pageWasRead(entry(0.33, 600, 600))).toBe(true);
    expect(pageWasRead({ ...entry(0.33, 600), rootBounds: null })).toBe(false);
  });

  it('is watched every 5 %', () => {
    expect(READ_THRESHOLDS).toHaveLength(21);
    expect(READ_THRESHOLDS[12]).toBeCloseTo(0.6);
  });
});
