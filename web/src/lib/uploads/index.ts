/** Shopper picture uploads, for every form that takes shopper pictures (reviews, after-sale proofs, avatars). */
export { ImagePicker, type ImagePickerProps } from './image-picker';
export { uploadImage, type UploadedImage, MAX_IMAGE_BYTES, ACCEPTED_IMAGE_TYPES } from './upload-image';
