/** A rate in basis points as French prints it: 2000 → « 20 % », 550 → « 5,5 % ». */
export function formatPercentBp(rateBp: number): string {
  const whole = Math.trunc(rateBp / 100);
  const rest = rateBp % 100;
  return `${whole}${rest ? `,${String(rest).padStart(2, '0').replace(/0$/, '')}` : ''} %`;
}
