import { useDirection } from '@mantine/core';

/**
 * A chevron pointing to the reading direction's start or end: « previous » points left in French
 * and right in Arabic, where the controls are mirrored.
 */
export function Chevron({ towards }: { towards: 'start' | 'end' }) {
  const { dir } = useDirection();
  const pointsLeft = (towards === 'start') === (dir === 'ltr');
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      style={{ transform: pointsLeft ? 'scaleX(-1)' : undefined }}
      data-points={pointsLeft ? 'left' : 'right'}
    >
      <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Two arrows apart: « fit to width ». Symmetric, so it needs no mirroring. */
export function FitWidthIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
      <path
        d="M2 9h14M2 9l3-3M2 9l3 3M16 9l-3-3M16 9l-3 3M1 3v12M17 3v12"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
