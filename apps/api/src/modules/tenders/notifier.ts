/** The live notifier moved to the notifications module (decision 0801), which creates it for both. */
export type { Audience, LiveNotifier as Notifier } from '../notifications';
