/** Texts the spec gives for uploads and downloads shared by several screens (spec 1 §8, spec 3 §8). */
export const UPLOAD_MESSAGES = {
  /** '{file} file uploaded successfully' (spec 1); the content screens add a period (spec 3). */
  uploaded: (file: string, period = false) => `${file} file uploaded successfully${period ? '.' : ''}`,
  failed: (file: string) => `${file} file upload failed.`,
  tooLarge: (limitMb: number) => `The file is larger than the ${limitMb} MB upload limit`,
  noFile: 'Choose a file to upload (form field "file")',
  /** A multipart body cut short, or whose parts do not carry the boundary its Content-Type names. */
  malformed: 'The upload is incomplete or not valid multipart/form-data (cut short, or its boundary does not match): nothing was imported. Please upload the file again',
} as const;

/** Dialog titles and confirmations shared by list screens. */
export const COMMON_MESSAGES = {
  confirmDeleteSelected: 'Do you want to delete the selected items?',
  errorDialogTitle: 'Error',
  unknownError: 'Unknown error',
} as const;
