export * from './date-range-search';
export * from './filter-chips';
export * from './filter-menu';
export * from './search-filter-toolbar';
