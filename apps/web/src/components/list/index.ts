export * from './filter-bar';
export * from './list-params';
export * from './use-list-controller';
