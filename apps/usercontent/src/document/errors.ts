import { type RenderError, SECURITY_WARNING_TIPS } from '@core-vault/contracts';
import { AVAILABLE_LIBRARY_NAMES } from './libraries';

/** The renderer's error catalogue: the spec's titles with tips that help fix the artifact. */
export const renderErrors = {
  security: (reason: string): RenderError => ({
    title: 'Security Warning',
    message: `This component was not run: ${reason}`,
    tips: [...SECURITY_WARNING_TIPS],
  }),
  syntax: (message: string): RenderError => ({
    title: 'Setup Error',
    message: `The component could not be compiled: ${message}`,
    tips: [
      'Check the line and column in the message for a typo, a missing bracket or an unclosed JSX tag.',
      'Paste the complete component, including its import lines.',
      'Components are JavaScript or TypeScript with JSX.',
    ],
  }),
  unknownImport: (specifiers: string[]): RenderError => ({
    title: 'Setup Error',
    message: `The component imports ${specifiers.map((s) => `'${s}'`).join(', ')}, which is not available here.`,
    tips: [
      `Available libraries: ${AVAILABLE_LIBRARY_NAMES.join(', ')}, plus Tailwind CSS classes.`,
      'Relative imports (./file) cannot be resolved: put everything in one component.',
      'Remove the import or inline the code you need from it.',
    ],
  }),
  libraryLoad: (message: string): RenderError => ({
    title: 'Setup Error',
    message: `A library could not be loaded: ${message}`,
    tips: ['Reload the page.', 'If it keeps failing, the renderer may be updating: try again in a minute.'],
  }),
  moduleError: (message: string): RenderError => ({
    title: 'Setup Error',
    message: `The component failed while loading: ${message}`,
    tips: [
      'Code outside the component runs once at load: check top-level statements.',
      'Network requests and browser storage may be unavailable inside the sandbox.',
    ],
  }),
  notFound: (): RenderError => ({
    title: 'Component Not Found',
    message: 'No React component was found in this artifact.',
    tips: [
      'Make sure your component has a default export: export default function App() { … }',
      'Or name your component App and export it.',
      'The component must be a function (or class) that returns JSX.',
    ],
  }),
  render: (message: string): RenderError => ({
    title: 'Render Error',
    message: `The component threw an error while rendering: ${message}`,
    tips: [
      'The component is rendered without props: give every prop a default value.',
      'Guard values that may be undefined before reading their properties.',
      'Network requests (fetch) are blocked inside the sandbox: use data inside the component.',
    ],
  }),
  markdown: (message: string): RenderError => ({ title: 'Markdown Error', message, tips: [] }),
};
