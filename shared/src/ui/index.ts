export * from './avatar';
export * from './count-badge';
export * from './spinner';
export * from './empty-state';
export * from './error-alert';
export * from './modal';
export * from './skip-link';
export * from './with-suspense';
