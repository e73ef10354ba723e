import { linePath } from './route-lines';
import { dataExportLines } from './routes/data-export';

/** The caller's data as a ZIP, outside the JSON envelope (decision 1233). */
export const dataExportFilePaths = {
  myData: () => linePath(dataExportLines.exportMyData),
} as const;
