export * from './schools';
export * from './users';
export * from './auth';
export * from './infra';
export * from './notifications';
export * from './lookups';
export * from './mcle';
