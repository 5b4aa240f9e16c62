// The staff domain: tools for operators (photo moderation from the command line).
export { moderate } from './moderate';
