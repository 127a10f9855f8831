export type { MultipartRef, UploadsApi } from './api/uploads-api.js'
export { createUploadsApi } from './api/uploads-api.js'
export { UploadPicker, type UploadPickerProps } from './components/upload-picker.js'
export type { PickedFile } from './file-names.js'
export { type UploadQueue, type UseUploadQueueOptions, useUploadQueue } from './hooks/use-upload-queue.js'
export { createUploadEngine, type UploadEngine, type UploadEngineOptions } from './upload-engine.js'
export type { UploadErrorCode, UploadFailure } from './upload-error.js'
export type {
  UploadedFileRecord,
  UploadItem,
  UploadNotice,
  UploadQueueSnapshot,
  UploadStatus,
} from './upload-queue-state.js'
