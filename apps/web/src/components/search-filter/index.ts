export * from './date-range-search';
export * from './filter-chips';
export * from './filter-menu';
