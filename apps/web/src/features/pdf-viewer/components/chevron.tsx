/** A chevron pointing to the reading direction's start or end: mirrored in Arabic with the controls. */
export function Chevron({ towards }: { towards: 'start' | 'end' }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" style={{ transform: towards === 'start' ? 'scaleX(-1)' : undefined }} className="pdf-viewer-chevron">
      <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
