// The `./SignupForm` expose points here (mf-account/webpack.config.js); the form lives in its feature.
import { SignupForm } from '../features/signup/components/signup-form';
import type { RemoteComponent } from '@dating/shared/remotes';

export { SignupForm, type SignupFormProps } from '../features/signup/components/signup-form';
// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default SignupForm satisfies RemoteComponent<'mf_account/SignupForm'>;
