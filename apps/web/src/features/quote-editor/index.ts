/** What other features may use from the quote editor (docs/decisions/0450): the line row and an empty line (the avenants' editor, decision 1220). */
export { LineRow } from './components/line-row';
export { emptyLine, type DraftLine } from './model/draft';
