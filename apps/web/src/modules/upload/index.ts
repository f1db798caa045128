// UploadPage is reached only by the router; the dashboard embeds the form.
export { UploadForm } from './components/UploadForm';
