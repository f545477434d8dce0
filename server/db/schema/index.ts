export * from './accounts';
export * from './shop';
