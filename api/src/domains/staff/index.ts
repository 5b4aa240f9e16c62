// The staff domain: tools for operators (photo moderation and mail delivery from the command line).
export { moderate } from './moderate';
export { mailCli } from './mail';
