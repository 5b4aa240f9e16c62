// The browser builds' stand-in for @module-federation/error-codes' descriptions (dist/desc.mjs): the runtime's
// errors keep their code (#RUNTIME-008), their arguments and the link to the code's page in the federation docs,
// without the English sentence for each code, which every visitor's first load downloaded (docs/adr/0016).
const described = () =>
  new Proxy({}, { get: (_, code) => (typeof code === 'string' ? 'Module Federation' : undefined) });
export const runtimeDescMap = described();
export const typeDescMap = described();
export const buildDescMap = described();
export const errorDescMap = described();
