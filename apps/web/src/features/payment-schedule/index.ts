/** What other features may use from the payment schedule (docs/decisions/0450, 1221): the quote's section. */
export { PaymentScheduleSection, ScheduleTable } from './components/payment-schedule-section';
