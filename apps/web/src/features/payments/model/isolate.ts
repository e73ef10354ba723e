/** Amounts and invoice numbers inside Arabic text: the app's one isolating helper (lib/bidi). */
export { ltr } from '../../../lib/bidi';
