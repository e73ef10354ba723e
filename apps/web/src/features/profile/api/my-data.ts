import { dataExportFilePaths } from '@ouvrage/contracts';
import type { FileRequest } from '../../../lib/download';

/** The caller's data as a ZIP (RGPD, decision 1233): the server names the file `ouvrage-mes-donnees-AAAA-MM-JJ.zip`. */
export const myDataFile = (): FileRequest => ({ path: dataExportFilePaths.myData() });
