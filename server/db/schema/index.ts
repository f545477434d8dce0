export * from './accounts';
export * from './shop';
export * from './payments';
