import { COPILOT_DOWNLOAD_FILE, COPILOT_IMPORT_VERSION } from '@sandbox/contracts';

/** spec §3 Import payload from Copilot: name and description are the project name, version 1.0, no auth. */
export function importForm(projectName: string, document: string): FormData {
  const form = new FormData();
  form.append('apiName', projectName);
  form.append('apiDescription', projectName);
  form.append('apiVersion', COPILOT_IMPORT_VERSION);
  form.append('isAuthRequired', 'false');
  form.append('multipartFile', new File([document], COPILOT_DOWNLOAD_FILE, { type: 'application/json' }));
  return form;
}

/** spec §2: Download saves the response as response.json. */
export function downloadDocument(document: string): void {
  const url = URL.createObjectURL(new Blob([document], { type: 'application/json' }));
  const link = window.document.createElement('a');
  link.href = url;
  link.download = COPILOT_DOWNLOAD_FILE;
  window.document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
