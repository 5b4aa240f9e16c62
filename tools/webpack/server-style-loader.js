// Global styles in the server bundle: nothing to render (the browser build's CSS files carry them).
module.exports = function serverStyleLoader() {
  return 'export {};';
};
