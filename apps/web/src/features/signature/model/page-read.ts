/**
 * When a page of the document to sign counts as read (issue 36 §2, decision 1205): once at least
 * 60 % of it was on screen together — or, for a page taller than the reading frame (zoomed in), once
 * it filled 60 % of the frame. A page only glimpsed at the frame's edge while scrolling past does
 * not count.
 */
export const READ_SHARE = 0.6;

/** The intersection thresholds to watch: every 5 %, so a tall page's growing share is seen too. */
export const READ_THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 20);

export function pageWasRead(entry: Pick<IntersectionObserverEntry, 'isIntersecting' | 'intersectionRatio' | 'intersectionRect' | 'rootBounds'>): boolean {
  if (!entry.isIntersecting) return false;
  if (entry.intersectionRatio >= READ_SHARE - 1e-6) return true;
  const frame = entry.rootBounds?.height ?? 0;
  return frame > 0 && entry.intersectionRect.height >= frame * READ_SHARE - 0.5;
}
