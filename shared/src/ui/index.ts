export * from './avatar';
export * from './count-badge';
export * from './spinner';
export * from './empty-state';
export * from './error-alert';
export * from './modal';
export * from './with-suspense';
export * from './dropdown';
