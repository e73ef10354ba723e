import type { ActivityFamily } from '../model/describe';

/** One small line icon per family (24×24, stroke in the current colour), hidden from screen readers. */
const PATHS: Record<ActivityFamily, string> = {
  project: 'M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6',
  tender: 'M4 6h16v12H4zM4 7l8 6 8-6',
  quote: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6',
  signature: 'M3 19c3-1 5-8 7-8s1 6 3 6 3-3 5-3M15 5l4 4-8 8H7v-4z',
  invoice: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
  payment: 'M3 6h18v12H3zM3 10h18M7 15h4',
  reception: 'M4 12l5 5L20 6',
};

export function ActivityIcon({ family }: { family: ActivityFamily }) {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      <path d={PATHS[family]} />
    </svg>
  );
}
