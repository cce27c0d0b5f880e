/** Retailer data files and variable-data rows (master-data §2 Variable data upload, ordering §9). */
export * from './gs1';
export * from './quantities';
export * from './rows';
export * from './sampleFiles';
export * from './samples';
export * from './writers';
