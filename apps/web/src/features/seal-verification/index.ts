/** The public verification page of sealed PDFs (decision 0633); the route loads its screen lazily. */
export { SealResultCard } from './components/seal-result-card';
