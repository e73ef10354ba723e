export * from './codes';
export {
  buildCdarStatus,
  cdarAmount,
  cdarDateTime,
  cdarPercent,
  CDAR_GUIDELINE_ID,
  CDAR_NAMESPACES,
  CDAR_PUBLIC_PORTAL_ID,
  type CdarPaidAmount,
  type CdarStatusInput,
} from './build';
export { CdarParseError, parseCdar, type CdarStatus } from './parse';
