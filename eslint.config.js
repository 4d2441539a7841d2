export { default } from '@credence/lint';
