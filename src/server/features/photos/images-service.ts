// The photos feature's published surface: garden and identification store, copy, read and delete
// images only through these, passing their own transaction so a row and its photo commit together.
export {
  copyImage,
  deleteImages,
  type ImageRow,
  imageExists,
  imageRow,
  insertImage,
  readImage,
} from "./images-repository";
