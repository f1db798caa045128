// UploadPage is reached only by the router; the dashboard embeds the form.
export { UploadForm } from './components/UploadForm';
// The pieces the artifact edit dialog shares with the upload form: same preview, same rules.
export { DescriptionField } from './components/DescriptionField';
export { LivePreview } from './components/LivePreview';
export {
  ARTIFACT_TYPE_OPTIONS,
  UPLOAD_MESSAGES,
  type UploadFields,
  asFormType,
  uploadProblem,
} from './upload-form';
