export * from './roles';
export * from './permissions';
export * from './messages';
export * from './schemas/common';
export * from './schemas/auth';
