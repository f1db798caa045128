// Shared UI: pieces every feature module uses, with no knowledge of any feature.
export { Banner } from './Banner';
export { CodeInput } from './CodeInput';
export { Dialog } from './Dialog';
export { Field } from './Field';
export { Spinner } from './Spinner';
export { ThemeToggle } from './ThemeToggle';
