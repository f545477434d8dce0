export * from './accounts';
export * from './shop';
export * from './payments';
export * from './catalogueImport';
export * from './secondFactor';
