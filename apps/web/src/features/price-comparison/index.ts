/** What other features may use from the price comparison (issue 40): the section under the quotes' comparison. */
export { PriceComparisonSection } from './components/price-comparison-section';
