/** Texts the spec gives for uploads and downloads shared by several screens (spec 1 §8, spec 3 §8). */
export const UPLOAD_MESSAGES = {
  /** '{file} file uploaded successfully' (spec 1); the content screens add a period (spec 3). */
  uploaded: (file: string, period = false) => `${file} file uploaded successfully${period ? '.' : ''}`,
  failed: (file: string) => `${file} file upload failed.`,
  tooLarge: (limitMb: number) => `The file is larger than the ${limitMb} MB upload limit`,
  noFile: 'Choose a file to upload (form field "file")',
} as const;

/** Dialog titles and confirmations shared by list screens. */
export const COMMON_MESSAGES = {
  confirmDeleteSelected: 'Do you want to delete the selected items?',
  errorDialogTitle: 'Error',
  unknownError: 'Unknown error',
} as const;
