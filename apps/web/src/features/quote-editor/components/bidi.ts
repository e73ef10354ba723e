/** The quote editor's figures inside sentences: the app's one isolating helper (lib/bidi, decision 1120). */
export { ltr as isolateLtr } from '../../../lib/bidi';
