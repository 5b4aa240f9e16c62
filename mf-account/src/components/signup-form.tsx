// The `./SignupForm` expose points here (mf-account/webpack.config.js); the form lives in its feature.
export { default, SignupForm, type SignupFormProps } from '../features/signup/components/signup-form';
