declare module '*.module.scss' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

// Global stylesheets imported for their side effect (the standalone dev entry's Bootstrap).
declare module '*.scss';
