/** Amounts, dates and French addresses inside Arabic text: the app's one isolating helper. */
export { ltr } from '../../../lib/bidi';
