// Public face of the numbering module: other modules import only this file.
export { assignNumber, numbersGiven, type AssignedNumber, type Transaction } from './service';
